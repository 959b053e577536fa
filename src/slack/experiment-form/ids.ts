// `/exp create` and `/exp edit ID` (modal*.ts). The ids never change between
// views.update calls, so Slack keeps what the user typed while fields appear and disappear.

export const EXPERIMENT_MODAL = {
  callbackId: 'exp_experiment_modal',
  blocks: {
    intro: 'exp_xm_intro',
    name: 'exp_xm_name',
    label: 'exp_xm_label',
    description: 'exp_xm_description',
    type: 'exp_xm_type',
    retroType: 'exp_xm_retro_type',
    parentExperimentId: 'exp_xm_parent_experiment',
    switchbackStrategy: 'exp_xm_switchback_strategy',
    markupScopeType: 'exp_xm_markup_scope',
    segments: 'exp_xm_segments',
    exposure: 'exp_xm_exposure',
    propagateExposureDays: 'exp_xm_exposure_days',
    statisticalMethod: 'exp_xm_statistical_method',
    team: 'exp_xm_team',
    participantType: 'exp_xm_participant_type',
    layer: 'exp_xm_layer',
    holdout: 'exp_xm_holdout',
    domain: 'exp_xm_domain',
    metrics: 'exp_xm_metrics',
    presetName: 'exp_xm_preset_name',
    tags: 'exp_xm_tags',
    allowedParticipantLists: 'exp_xm_allowed_lists',
    excludedParticipantLists: 'exp_xm_excluded_lists',
  },
  actions: {
    name: 'exp_xm_name_input',
    label: 'exp_xm_label_input',
    description: 'exp_xm_description_input',
    type: 'exp_xm_type_select',
    retroType: 'exp_xm_retro_type_select',
    parentExperimentId: 'exp_xm_parent_experiment_input',
    switchbackStrategy: 'exp_xm_switchback_strategy_select',
    markupScopeType: 'exp_xm_markup_scope_select',
    segments: 'exp_xm_segments_select',
    exposure: 'exp_xm_exposure_select',
    propagateExposureDays: 'exp_xm_exposure_days_input',
    statisticalMethod: 'exp_xm_statistical_method_select',
    team: 'exp_xm_team_select',
    participantType: 'exp_xm_participant_type_select',
    layer: 'exp_xm_layer_select',
    holdout: 'exp_xm_holdout_select',
    domain: 'exp_xm_domain_select',
    metrics: 'exp_xm_metrics_select',
    presetName: 'exp_xm_preset_name_select',
    tags: 'exp_xm_tags_select',
    allowedParticipantLists: 'exp_xm_allowed_lists_select',
    excludedParticipantLists: 'exp_xm_excluded_lists_select',
    segmentPredicate: 'exp_xm_segment_predicate_select',
    segmentValues: 'exp_xm_segment_values_input',
  },
  /** Per chosen segment param, followed by the param's encoded option value (≤150 chars). */
  segmentPredicateBlockPrefix: 'exp_xm_segpred:',
  segmentValuesBlockPrefix: 'exp_xm_segvals:',
} as const;

/** action_ids of the modal's external selects, for `app.options(...)` (block_suggestion). */
export const EXPERIMENT_MODAL_ACTION_ID_PATTERN = /^exp_xm_[a-z_]+_select$/;

/** The main form's audience summary and its button (the filters themselves are in AUDIENCE_VIEW). */
export const AUDIENCE_SUMMARY = {
  blockId: 'exp_xm_audience',
  editActionId: 'exp_xm_audience_edit',
} as const;

/** The audience view pushed over the form: every filter, paged, each with Remove; Add filter. */
export const AUDIENCE_VIEW = {
  callbackId: 'exp_audience_view',
  blocks: {
    intro: 'exp_aud_intro',
    pager: 'exp_aud_pager',
    notice: 'exp_aud_notice',
    newParam: 'exp_aud_new_param',
    newPredicate: 'exp_aud_new_predicate',
    newValues: 'exp_aud_new_values',
    add: 'exp_aud_add_actions',
  },
  /** Per filter shown, followed by its index in the whole audience. */
  filterBlockPrefix: 'exp_aud_filter:',
  actions: {
    remove: 'exp_aud_remove',
    page: 'exp_aud_page',
    add: 'exp_aud_add',
    newParam: 'exp_aud_new_param_choice',
    newPredicate: 'exp_aud_new_predicate_choice',
    newValues: 'exp_aud_new_values_input',
  },
} as const;

/**
 * A list no menu holds (participant lists, metrics, tags): its read-only line in the form carries
 * Edit list (the button's value names the field), which pushes LIST_VIEW: every value, paged, each
 * with Remove; Add below.
 */
export const LIST_SUMMARY = { editActionId: 'exp_xm_list_edit' } as const;

export const LIST_VIEW = {
  callbackId: 'exp_list_view',
  blocks: {
    intro: 'exp_lst_intro',
    pager: 'exp_lst_pager',
    notice: 'exp_lst_notice',
    newValue: 'exp_lst_new',
    add: 'exp_lst_add_actions',
  },
  /** Per value shown, followed by its index in the whole list. */
  valueBlockPrefix: 'exp_lst_value:',
  actions: { remove: 'exp_lst_remove', page: 'exp_lst_page', add: 'exp_lst_add' },
} as const;

/** The confirmation pushed when an edit is submitted: what will change, and Save. */
export const EDIT_CONFIRM_VIEW = {
  callbackId: 'exp_edit_confirm',
  blocks: { intro: 'exp_edc_intro', changes: 'exp_edc_changes' },
} as const;
