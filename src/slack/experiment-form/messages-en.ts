import { md } from '../blocks/escape.js';
import { cmd } from '../messages/en-format.js';
import type { ExperimentModalMessages, ExperimentResultMessages } from './messages.js';

export function experimentResultMessagesEn(): ExperimentResultMessages {
  return {
    created: ({ user, experimentId, experiment }) =>
      experimentId === undefined
        ? md`${user} created experiment ${experiment}. The platform did not return its id: look it up before starting it.`
        : md`${user} created experiment ${experiment}. Start it with ${cmd(`start ${experimentId}`)} or the button below.`,
    updated: ({ user, experiment, fields }) => md`${user} updated experiment ${experiment}: ${fields}.`,
    nothingChanged: ({ experimentId }) =>
      md`Nothing to save: experiment *${experimentId}* already has these values.`,
    stillWorkingTitle: 'Saving…',
    stillWorking: md`The platform is taking longer than Slack waits for a form. You can close this window: the result will be posted in the channel.`,
    prefilledFromRecord: ({ experimentId }) =>
      md`This platform offers no way to read experiment *${experimentId}*: the form starts from what the app has seen (name and type). Only the fields you change or fill in are sent.`,
    unreadable: ({ experimentId }) =>
      md`Experiment *${experimentId}* could not be read, so the form starts empty: only the fields you fill in are sent.`,
    platformRefused: ({ detail }) => `The platform refused this: ${detail}`.slice(0, 2000),
    loadFailedTitle: 'Cannot open the form',
    loadingOption: 'Still loading the list… type again in a moment',
    unavailableOption: "The app's store is unavailable: no choices now. Try again in a moment",
  };
}

/** What each field of the form is called. */
const FIELD_LABELS: ExperimentModalMessages['labels'] = {
  name: 'Name',
  label: 'Label',
  description: 'Description',
  type: 'Experiment type',
  retroType: 'Retro analysis based on',
  parentExperimentId: 'Parent experiment id',
  switchbackStrategy: 'Switchback strategy',
  markupScopeType: 'Markup',
  segments: 'Audience filters (context params)',
  exposure: 'Exposure',
  propagateExposureDays: 'Exposure propagates for (days)',
  statisticalMethod: 'Statistical method',
  team: 'Team',
  participantType: 'Participant type',
  layer: 'Layer',
  holdout: 'Holdout',
  domain: 'Domain',
  metrics: 'Metrics',
  presetName: 'Metric preset',
  tags: 'Tags',
  allowedParticipantLists: 'Allowed participant lists',
  excludedParticipantLists: 'Excluded participant lists',
};

/** The line under a field that needs one. */
const FIELD_HINTS: ExperimentModalMessages['hints'] = {
  label: 'How clients and the splitter name the experiment. Left empty, the platform chooses.',
  parentExperimentId: 'The id of the A/B experiment this retro analysis is based on.',
  segments:
    'Only active params are offered, and archived ones this experiment already filters on. Each one then asks for an operator and values.',
  domain: 'Changing the domain changes the layers and audience filters on offer.',
  metrics: 'Type to search.',
};

/** What a field shows when its value cannot be sent, by the validation's code. */
const FIELD_ERRORS: ExperimentModalMessages['errors'] = {
  required: 'Required.',
  invalid: 'This value cannot be used.',
  obsolete_type: 'Ad hoc experiments are obsolete: choose another type.',
  not_offered: 'This value is not on offer here: choose one of those offered.',
  positive_integer: 'Enter a whole number greater than 0.',
  segments_required: 'Choose at least one audience filter when markup is by event.',
  segment_incomplete: 'Each filter needs an operator and at least one value.',
  lists_overlap: 'A list cannot be both allowed and excluded.',
};

export function experimentModalMessagesEn(): ExperimentModalMessages {
  return {
    createTitle: 'New experiment',
    // "Edit experiment " leaves 8 characters of the 24 for the id: longer ids get the short form.
    editTitle: ({ experimentId }) =>
      String(experimentId).length <= 8 ? `Edit experiment ${experimentId}` : `Edit #${experimentId}`,
    createSubmit: 'Create',
    editSubmit: 'Save',
    createIntro: md`Every picker offers only values from the platform's dictionaries. Fields appear as your choices need them.`,
    editIntro: ({ experimentId }) =>
      md`Editing experiment *${experimentId}*. Only the fields you change are sent to the platform.`,
    labels: FIELD_LABELS,
    hints: FIELD_HINTS,
    selectPlaceholder: 'Choose',
    searchPlaceholder: 'Type to search',
    segmentPredicateLabel: ({ param }) => `${param}: operator`,
    segmentValuesLabel: ({ param }) => `${param}: values`,
    segmentValuesHint: 'Separate several values with commas or new lines.',
    ungrouped: 'Other',
    dictionaryEmpty: 'The platform returned no values for this field.',
    notOffered: ({ values }) => `Current value not on offer any more: ${values}. Choose again.`,
    notOfferedKept: ({ values }) =>
      `Now: ${values}, no longer offered here. Kept as it is unless you choose another.`,
    errors: FIELD_ERRORS,
  };
}
