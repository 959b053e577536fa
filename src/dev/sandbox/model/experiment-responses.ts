import { CONSOLE_PREFIX } from './http-rules.js';

// ASSUMPTION (interface: the responses of create and update are "not shown"):
// - create (POST /experiments/v1) answers 201 Created with the stored experiment as JSON (id and
//   status first) and a `Location` header naming it under GET /experiments/v1/{id}, itself a sandbox
//   convenience (http-rules.ts);
// - update (PATCH /experiments/v1/{id}) answers 200 with the whole stored experiment after the change:
//   an echo of the merged record, not of the fields sent.
// The app depends on neither: it takes the new id from the body when there is one and ignores the
// body of an update.

export const CREATED_STATUS = 201;
export const UPDATED_STATUS = 200;

/** The Location header of a created experiment. */
export function createdExperimentLocation(id: number): string {
  return `${CONSOLE_PREFIX}/experiments/v1/${id}`;
}
