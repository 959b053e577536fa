import { md, type SafeText } from '../blocks/escape.js';
import { cmd, count } from '../messages/en-format.js';
import type { SplitterMessages } from './messages.js';

export function splitterMessagesEn(): SplitterMessages {
  const exposure = (outcomeUnknown: boolean): SafeText =>
    outcomeUnknown
      ? md`whether the exposure was registered is unknown. Check the experiment before retrying.`
      : md`nothing was registered.`;
  return {
    platform: ({ id, name }) => name ?? md`platform ${id}`,
    participant: ({ userId, visitorId }) => {
      if (userId !== undefined && visitorId !== undefined)
        return md`user ${userId} (visitor \`${visitorId}\`)`;
      if (userId !== undefined) return md`user ${userId}`;
      return visitorId === undefined ? md`the participant` : md`visitor \`${visitorId}\``;
    },
    featuresTitle: ({ count: n, tag, platform, participant }) =>
      md`*${count(n)} feature${n === 1 ? md`` : md`s`}* for ${participant} on ${platform} with tag \`${tag}\`:`,
    featureLine: ({ experiment, group }) => md`• experiment \`${experiment}\` → group \`${group}\``,
    noFeatures: ({ tag, platform, participant }) =>
      md`No features for ${participant} on ${platform} with tag \`${tag}\`.`,
    moreNotShown: ({ count: n }) => md`…and ${count(n)} more not shown.`,
    warning: ({ text }) => md`:warning: ${text}`,
    unknownPlatformId: ({ id, known }) =>
      md`Platform id ${id} is not one of ${known}; behaviour for other ids is not shown by the platform.`,
    expose: {
      confirmText: ({ label, platform, participant }) =>
        md`Register an exposure of ${participant} in experiment \`${label}\` on ${platform}?`,
      statsWarning: md`:warning: An exposure counts the participant in the experiment and changes its statistics. It cannot be undone from Slack.`,
      confirmButton: 'Register exposure',
      cancelButton: 'Cancel',
      done: ({ label, platform, participant, user }) =>
        user === undefined
          ? md`Exposure registered: ${participant} in experiment \`${label}\` on ${platform}.`
          : md`${user} registered an exposure of ${participant} in experiment \`${label}\` on ${platform}.`,
      cancelled: ({ label }) =>
        label === undefined
          ? md`Cancelled: no exposure was registered.`
          : md`Cancelled: no exposure was registered in experiment \`${label}\`.`,
      tooLong: md`The experiment label or the participant is too long to confirm from Slack. Nothing was registered.`,
    },
    errors: {
      api: ({ method, status, kind, quoted }) => {
        const why = kind === undefined ? md`HTTP ${status}` : md`HTTP ${status}, kind \`${kind}\``;
        const said = quoted ? md` Details:` : md``;
        if (method === 'getFeaturesByTag') return md`The splitter refused the lookup (${why}).${said}`;
        // The interface gives 400 for bad input; a 5xx may have failed before or after recording.
        return status < 500
          ? md`The splitter refused the exposure (${why}): nothing was registered.${said}`
          : md`The splitter failed on the exposure (${why}): ${exposure(true)}${said}`;
      },
      timeout: ({ method, outcomeUnknown }) =>
        method === 'getFeaturesByTag'
          ? md`The splitter did not answer in time. Try again later.`
          : md`The splitter did not answer in time: ${exposure(outcomeUnknown)}`,
      connection: ({ method, outcomeUnknown, code }) => {
        const detail = code === undefined ? md`` : md` (\`${code}\`)`;
        if (method === 'getFeaturesByTag') return md`Could not reach the splitter${detail}. Try again later.`;
        return outcomeUnknown
          ? md`The connection to the splitter was lost${detail}: ${exposure(true)}`
          : md`Could not reach the splitter${detail}: ${exposure(false)}`;
      },
      response: ({ method, status }) =>
        method === 'getFeaturesByTag'
          ? md`The splitter answered (HTTP ${status}) with something the bot could not read.`
          : md`The splitter answered the exposure (HTTP ${status}) with an unexpected body: ${exposure(true)}`,
      request: ({ issues }) =>
        md`The request was refused before reaching the splitter: ${issues}. Nothing was sent.`,
      unexpected: ({ method }) =>
        method === 'exposeManyV2'
          ? md`Something went wrong while registering the exposure: ${exposure(true)}`
          : md`Something went wrong while asking the splitter. Nothing changed.`,
      notConfigured: md`This app has no splitter configured, so it cannot look up or register assignments. Ask whoever runs it to set \`SPLITTER_URL\`. Nothing was sent.`,
    },
    usage: usageEn(),
  };
}

function usageEn(): SplitterMessages['usage'] {
  const participantUsage = md`Use \`user:ID\` (a positive integer), \`visitor:ID\`, or a bare user id.`;
  return {
    features: md`Usage: \`/exp features TAG PLATFORM PARTICIPANT\`: which groups a participant gets in the experiments with a tag.`,
    expose: md`Usage: \`/exp expose LABEL PLATFORM PARTICIPANT\`: register an exposure of a participant in the experiment LABEL, after a confirmation.`,
    arguments: md`PLATFORM is \`1\`, \`4\`, \`5\`, \`6\`, \`desktop\`, \`ios\`, \`android\` or \`mobile\`. PARTICIPANT is \`user:ID\`, \`visitor:ID\` or a bare user id.`,
    featuresExample: md`Example: ${cmd('features checkout ios user:42')}`,
    exposeExample: md`Example: ${cmd('expose checkout_button_color android visitor:3f9a')}`,
    problem: ({ error }) => md`:x: ${error}`,
    problems: {
      wordCount: ({ count: c }) => md`Expected three words, got ${c}.`,
      noPlatform: ({ known }) => md`Give a platform: ${known}.`,
      notAPlatform: ({ input, known }) => md`"${input}" is not a platform. Use a name or id: ${known}.`,
      noParticipant: md`Give a participant. ${participantUsage}`,
      notAUserId: ({ input }) => md`"${input}" is not a user id. ${participantUsage}`,
      emptyVisitorId: md`The visitor id is empty. ${participantUsage}`,
      notAParticipant: ({ input }) => md`"${input}" is not a participant. ${participantUsage}`,
      invalidParticipant: md`That participant is not valid. ${participantUsage}`,
    },
  };
}
