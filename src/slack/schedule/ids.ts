/** Block and action ids of scheduled actions, defined once. */
export const SCHEDULE_ACTIONS = {
  cancel: 'exp_schedule_cancel',
} as const;

export const SCHEDULE_BLOCKS = {
  list: 'exp_schedule_list',
  card: 'exp_card_scheduled',
  home: 'exp_home_scheduled',
} as const;

/** A Cancel button's value is the scheduled action's id (a UUID); the scope is the clicker's workspace. */
export const SCHEDULE_ID = /^[0-9a-f-]{36}$/;
