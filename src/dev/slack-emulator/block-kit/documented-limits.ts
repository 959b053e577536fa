// Slack's documented Block Kit and Web API limits, written down once for the emulator and the
// test helpers, independently of the app's own LIMITS table (src/slack/blocks/limits.ts). The app's
// builders truncate to their table; the emulator refuses what breaks these numbers. A wrong number
// in the app's table therefore fails a test instead of being checked against itself.
//
// Sources (docs.slack.dev, read 2026-11):
//   BLK  reference/block-kit/blocks              SEC  …/blocks/section-block
//   ACT  …/blocks/actions-block                  CTX  …/blocks/context-block
//   HDR  …/blocks/header-block                   INP  …/blocks/input-block
//   TXT  …/composition-objects/text-object       OPT  …/composition-objects/option-object
//   OPTG …/composition-objects/option-group-object
//   CONF …/composition-objects/confirmation-dialog-object
//   BTN  …/block-elements/button-element         SEL  …/block-elements/select-menu-element
//   OVF  …/block-elements/overflow-menu-element  CHK  …/block-elements/checkboxes-element
//   PTI  …/block-elements/plain-text-input-element
//   MOD  surfaces/modals                          VU   reference/methods/views.update
//   PM   reference/methods/chat.postMessage
export const DOCUMENTED_LIMITS = {
  /** BLK: up to 50 blocks in each message. */
  messageBlocks: 50,
  /** BLK: up to 100 blocks in modals and Home tabs. */
  viewBlocks: 100,
  /** TXT: text objects hold 1–3000 characters. */
  textObject: 3000,
  /** SEC: section text, max 3000. */
  sectionText: 3000,
  /** SEC: at most 10 fields… */
  sectionFields: 10,
  /** SEC: …of at most 2000 characters each. */
  sectionFieldText: 2000,
  /** ACT: up to 25 elements. */
  actionsElements: 25,
  /** CTX: up to 10 elements. */
  contextElements: 10,
  /** HDR: header text, max 150. */
  headerText: 150,
  /** INP: label max 2000. */
  inputLabel: 2000,
  /** INP: hint max 2000. */
  inputHint: 2000,
  /** BTN: text max 75. */
  buttonText: 75,
  /** BTN: value max 2000. */
  buttonValue: 2000,
  /** BTN: url max 3000. */
  buttonUrl: 3000,
  /** SEL: up to 100 options… */
  selectOptions: 100,
  /** SEL: …or up to 100 option groups. */
  selectOptionGroups: 100,
  /** SEL: placeholder max 150. */
  selectPlaceholder: 150,
  /** OPT: text max 75. */
  optionText: 75,
  /** OPT: value max 150. */
  optionValue: 150,
  /** OPT: description max 75. */
  optionDescription: 75,
  /** OPTG: label max 75. */
  optionGroupLabel: 75,
  /** OPTG: up to 100 options. */
  optionGroupOptions: 100,
  /** OVF: 2–5 options. */
  overflowOptions: 5,
  /** CHK (and radio buttons): up to 10 options. */
  choiceOptions: 10,
  /** BTN: accessibility_label max 75. */
  buttonAccessibilityLabel: 75,
  /** CONF: title max 100. */
  confirmTitle: 100,
  /** CONF: text max 300. */
  confirmText: 300,
  /** CONF: confirm max 30. */
  confirmButton: 30,
  /** BLK: block_id max 255. */
  blockId: 255,
  /** BTN/SEL: action_id max 255. */
  actionId: 255,
  /** MOD: title max 24. */
  viewTitle: 24,
  /** MOD: submit max 24. */
  viewSubmit: 24,
  /** MOD: close max 24. */
  viewClose: 24,
  /** MOD: private_metadata max 3000. */
  privateMetadata: 3000,
  /** MOD: callback_id max 255. */
  callbackId: 255,
  /** VU: external_id max 255. */
  externalId: 255,
  /** VU: views larger than 250 kB answer view_too_large. */
  viewBytes: 250_000,
  /** PTI: max_length up to 3000. */
  plainTextInputMaxLength: 3000,
  /** PM: keep top-level text to 4000 characters (truncated beyond 40000). */
  messageText: 4000,
} as const;
