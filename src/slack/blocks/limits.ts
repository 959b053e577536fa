// Block Kit and Web API limits in one place (sources: docs.slack.dev block-kit references, see
// design notes). Builders truncate to these; the emulator and the limits test helper enforce them.
export const LIMITS = {
  messageBlocks: 50,
  viewBlocks: 100,
  textObject: 3000,
  sectionText: 3000,
  sectionFields: 10,
  sectionFieldText: 2000,
  actionsElements: 25,
  contextElements: 10,
  headerText: 150,
  inputLabel: 2000,
  inputHint: 2000,
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  selectOptions: 100,
  selectOptionGroups: 100,
  selectPlaceholder: 150,
  optionText: 75,
  optionValue: 150,
  optionDescription: 75,
  optionGroupLabel: 75,
  optionGroupOptions: 100,
  overflowOptions: 5,
  /** checkboxes and radio_buttons. */
  choiceOptions: 10,
  buttonAccessibilityLabel: 75,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  blockId: 255,
  actionId: 255,
  viewTitle: 24,
  viewSubmit: 24,
  viewClose: 24,
  privateMetadata: 3000,
  callbackId: 255,
  externalId: 255,
  /** views.open/update/push answer view_too_large above this serialised size. */
  viewBytes: 250_000,
  plainTextInputMaxLength: 3000,
  /** chat.postMessage top-level text: Slack advises ≤ 4000 and truncates beyond 40000. */
  messageText: 4000,
} as const;

export type LimitName = keyof typeof LIMITS;
