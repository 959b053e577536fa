import type { FactSource, RecordedActionKind } from '../../core/experiments/record.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { escapeMrkdwn, joinSafe, md, type SafeText } from '../blocks/escape.js';
import { labelMessagesEn } from '../labels/messages-en.js';
import { cmd, count } from '../messages/en-format.js';
import type { ExperimentCardMessages, ExperimentEditMessages, ExperimentListMessages } from './messages.js';

const DONE: Record<RecordedActionKind, SafeText> = {
  start: md`started`,
  stop: md`stopped`,
  archive: md`archived`,
  unarchive: md`unarchived`,
  create: md`created`,
  edit: md`edited`,
};

const SOURCE: Record<FactSource, SafeText> = {
  'platform-read': md`reported by the platform`,
  'platform-conflict': md`reported by the platform when it refused an action`,
  'app-action': md`expected after an action through this app`,
  'app-form': md`as created through this app`,
  event: md`from a lifecycle event`,
};

const list = (items: readonly SafeText[]): SafeText =>
  items.length <= 1
    ? joinSafe(items, md``)
    : joinSafe([joinSafe(items.slice(0, -1), md`, `), items.at(-1) as SafeText], md` or `);

const verbs = (experimentId: number, actions: readonly LifecycleAction[]): SafeText =>
  list(actions.map((a) => cmd(`${a} ${experimentId}`)));

const LABELS = labelMessagesEn();

export function experimentCardMessagesEn(): ExperimentCardMessages {
  return {
    unknownTime: md`at an unknown time`,
    title: ({ experimentId, name, link }) => {
      const shown = name ?? md`Experiment ${experimentId}`;
      const head = link === undefined ? md`*${shown}*` : (`*<${link}|${shown}>*` as SafeText);
      return name === undefined ? head : md`${head} (#${experimentId})`;
    },
    labels: { status: 'Status', type: 'Type', team: 'Team', layer: 'Layer' },
    namedValue: ({ name, value }) => md`${name} (${value})`,
    status: ({ status, source, ago, by }) =>
      by === undefined
        ? md`${status} (${SOURCE[source]} ${ago})`
        : md`${status} (${SOURCE[source]}: ${by}, ${ago})`,
    statusUnknown: md`unknown: the platform has not said yet`,
    action: ({ action, user, ago, reason, comment, viaEvent }) => {
      const base = viaEvent
        ? md`${user} ${DONE[action]} it ${ago} _via platform event_`
        : md`${user} ${DONE[action]} it ${ago}`;
      const why = [
        reason === undefined ? undefined : md`reason: ${reason}`,
        comment === undefined ? undefined : md`“${comment}”`,
      ].filter((x): x is SafeText => x !== undefined);
      return why.length === 0 ? base : md`${base} (${joinSafe(why, md`, `)})`;
    },
    lastActionsTitle: md`*Recent actions:*`,
    next: ({ experimentId, status, actions }) =>
      md`From status ${status} you can ${verbs(experimentId, actions)} (or use the buttons).`,
    nothingKnownFrom: ({ status }) =>
      md`No lifecycle action is known to work from status ${status}, so none is offered. The platform decides if you try one.`,
    statusUnknownHint: ({ experimentId }) =>
      md`Its status is unknown to the app, so no button is guessed. You can still act: ${cmd(`start ${experimentId}`)}, ${cmd(`stop ${experimentId}`)}, ${cmd(`archive ${experimentId}`)}; the platform decides.`,
    readRouteMissing: md`This platform offers no way to read experiments: shown is what the app has seen.`,
    readFailed: md`The platform could not be asked just now: shown is what the app has seen.`,
    notFound: ({ experimentId, ago }) =>
      md`The platform said experiment *${experimentId}* does not exist (${ago}). Check the id.`,
    neverSeen: ({ experimentId }) =>
      md`The app knows nothing about experiment *${experimentId}* yet, and this platform cannot be asked. Act on it once (${cmd(`start ${experimentId}`)}, ${cmd(`stop ${experimentId}`)} …) and the app will remember what the platform says.`,
    stale: ({ experimentId, status }) =>
      status === undefined
        ? md`Experiment *${experimentId}* changed since this message was posted, so nothing was sent. Here is what the app knows now.`
        : md`Experiment *${experimentId}* is now ${status}: this button was for an earlier state, so nothing was sent. The message now shows what you can do.`,
    formNotAllowed: ({ action, experimentId, status, actions }) => {
      const what = action === 'stop' ? md`stopped` : md`edited`;
      const instead =
        actions.length === 0 ? md`` : md` From status ${status} you can ${verbs(experimentId, actions)}.`;
      return md`Experiment *${experimentId}* is ${status}, and an experiment in that status cannot be ${what}. Nothing was opened or changed.${instead}`;
    },
    formNotFound: ({ experimentId, ago }) =>
      md`The platform said experiment *${experimentId}* does not exist (${ago}), so no form was opened. Check the id; ${cmd('list')} shows the experiments this workspace has seen.`,
    showButton: 'Show',
    openInConsole: md`Open it in the console for everything else.`,
  };
}

export function experimentListMessagesEn(): ExperimentListMessages {
  return {
    header: 'Experiments seen in this workspace',
    summary: ({ shown, total, page, pages, filter }) =>
      filter === undefined
        ? md`${shown} of ${total}, most recent first (page ${page} of ${pages}).`
        : md`${shown} of ${total} matching \`${filter}\`, most recent first (page ${page} of ${pages}).`,
    empty: ({ filter }) =>
      filter === undefined
        ? md`No experiment seen yet in this workspace. The app learns of one when someone acts on it, creates it or shows it: ${cmd('show ID')}.`
        : md`No experiment seen in this workspace matches \`${filter}\`. Filters match the id, name, team and status.`,
    sandboxExamples: md`This app runs on its built-in sandbox platform, which holds these experiments: show one, or try ${cmd('start ID')} on a draft.`,
    exampleLine: ({ experiment, status }) => md`${experiment} · ${status}`,
    line: ({ experiment, status, ago, team }) => {
      const title = team === undefined ? experiment : md`${experiment} · team ${team}`;
      return status === undefined
        ? md`${title} · status unknown · seen ${ago}`
        : md`${title} · ${status} · seen ${ago}`;
    },
    refreshNote: ({ refreshed, missing }) =>
      missing
        ? md`This platform offers no way to read experiments: statuses are what the app last saw.`
        : refreshed === 1
          ? md`1 status refreshed from the platform just now.`
          : md`${refreshed} statuses refreshed from the platform just now.`,
    previous: '← Previous',
    next: 'Next →',
  };
}

/** Fields no widget holds, and the list view that edits a list value by value. */
function keptMessagesEn(): Pick<
  ExperimentEditMessages,
  | 'keptText'
  | 'keptList'
  | 'editList'
  | 'listTitle'
  | 'listIntro'
  | 'listEmpty'
  | 'listValueNotOffered'
  | 'listNewLabel'
  | 'listAdd'
  | 'listAdded'
  | 'listAddRefused'
> {
  return {
    keptText: ({ label, length, max }) =>
      md`*${escapeMrkdwn(label)}*: ${count(length)} characters, kept as they are. An input here holds at most ${count(max)}, so this form does not change it.`,
    keptList: ({ label, count: total, notOffered, max }) => {
      const values = total === 1 ? md`1 value` : md`${count(total)} values`;
      const why =
        notOffered > 0
          ? md`${count(notOffered)} of them no longer offered by the dictionary`
          : md`more than a menu here holds, ${count(max)}`;
      return md`*${escapeMrkdwn(label)}*: ${values}, kept as they are (${why}). Edit the list to remove or add one; the others stay.`;
    },
    editList: 'Edit list',
    listTitle: 'Edit list',
    listIntro: ({ label, count: total, from, to }) =>
      total === 0
        ? md`*${escapeMrkdwn(label)}*: no values.`
        : md`*${escapeMrkdwn(label)}*: values ${count(from)}–${count(to)} of ${count(total)}. Removing or adding one changes only this form until you save it.`,
    listEmpty: md`No values yet: add one below.`,
    listValueNotOffered: ({ value }) =>
      md`${value} (no longer offered by the dictionary, kept unless removed)`,
    listNewLabel: 'Value to add',
    listAdd: 'Add',
    listAdded: ({ value }) => md`Added: ${value}`,
    listAddRefused: {
      none: md`Choose a value to add first.`,
      present: md`That value is in the list already.`,
    },
  };
}

export function experimentEditMessagesEn(): ExperimentEditMessages {
  return {
    lockedField: ({ label }) =>
      md`*${escapeMrkdwn(label)}*: kept as it is. The app could not read it, so this form does not change it.`,
    ...keptMessagesEn(),
    adhocKept: ({ label }) =>
      md`*${escapeMrkdwn(label)}*: ${escapeMrkdwn(LABELS.types.adhoc)}, kept. This type is obsolete: new experiments cannot use it, this one keeps it.`,
    audienceSummary: ({ count, archived }) => {
      const filters = count === 1 ? md`1 filter` : md`${count} filters`;
      const old = archived === 0 ? md`` : md` (${archived} on archived parameters, kept as they are)`;
      return md`*Audience*: ${filters}${old}.`;
    },
    audienceLocked: md`*Audience*: kept as it is. Not every filter could be read, so this form does not change them.`,
    editAudience: 'Edit audience',
    audienceTitle: 'Audience',
    audienceDone: 'Done',
    audienceBack: 'Back',
    audienceIntro: ({ count, from, to }) =>
      count === 0
        ? md`No filters yet.`
        : md`Filters ${from}–${to} of ${count}. Removing or adding one changes only this form until you save it.`,
    audienceEmpty: md`No filters yet: add one below.`,
    filterLine: ({ param, predicate, values, archived }) =>
      archived
        ? md`*${param}* ${predicate} ${values} _(archived parameter: the filter keeps working, no new ones)_`
        : md`*${param}* ${predicate} ${values}`,
    remove: 'Remove',
    previousPage: 'Previous',
    nextPage: 'Next',
    newFilterTitle: md`*Add a filter* (active parameters only)`,
    newParamLabel: 'Parameter',
    newPredicateLabel: 'Operator',
    newValuesLabel: 'Values',
    newValuesHint:
      'Separate several values with commas or new lines. Numbers and true/false keep their type.',
    add: 'Add filter',
    addRefused: {
      param: md`:warning: Choose an active parameter for the new filter.`,
      predicate: md`:warning: Choose an operator that applies to this parameter.`,
      values: md`:warning: Type at least one value for the new filter.`,
    },
    added: ({ filter }) => md`Added: ${filter}`,
    audienceExpired: md`This form has expired. Close it and run the command again: nothing was changed.`,
    confirmTitle: 'Save these changes?',
    confirmSubmit: 'Save',
    confirmIntro: ({ experimentId }) =>
      md`Saving sends only this to experiment *${experimentId}*; everything else stays as it is:`,
    fieldChange: ({ label, before, after }) => md`• *${escapeMrkdwn(label)}*: ${before} → ${after}`,
    listChange: ({ label, removed, added, count: total }) => {
      const parts = [removed && md`removed ${removed}`, added && md`added ${added}`].filter(
        (p) => p !== undefined,
      );
      return md`• *${escapeMrkdwn(label)}*: ${joinSafe(parts, md`; `)} (${count(total)} in all)`;
    },
    filterAdded: ({ filter }) => md`• added: ${filter}`,
    filterRemoved: ({ filter }) => md`• removed: ${filter}`,
    filterChanged: ({ before, after }) => md`• changed: ${before} → ${after}`,
    audienceHeading: md`*Audience*`,
    noValue: md`_(none)_`,
    noChangesTitle: 'No changes',
    noChanges: ({ experimentId }) =>
      md`No changes: experiment *${experimentId}* already has these values. Nothing was saved.`,
    conflictTitle: 'Changed meanwhile',
    conflict: ({ experimentId, basis }) =>
      basis === 'platform'
        ? md`Experiment *${experimentId}* changed on the platform since you opened the form, so nothing was saved. It is now:`
        : md`Experiment *${experimentId}* changed since you opened the form, so nothing was saved. This platform cannot be read: this is what the app knows of it now:`,
    conflictNone: md`Run ${cmd('edit')} again to start from its current state.`,
    conflictAction: ({ who, action, at }) => md`• ${who} ${DONE[action]} it (${at})`,
    updated: ({ user, experiment, changes }) => md`${user} updated experiment ${experiment}:\n${changes}`,
    saveFailedTitle: 'Not saved',
  };
}
