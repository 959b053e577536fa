// ============================================================================================
//  SANDBOX ASSUMPTIONS — every decision the platform interface leaves open ("not shown") lives
//  in this folder and nowhere else. The app must not depend on any of it: a real platform may
//  choose differently. Each file starts with what it assumes and why.
//
//  statuses.ts              experiment status names, lifecycle transitions, editability
//  scopes.ts                scope ids (create/update invented), token claims, default lifetime
//  experiment-fields.ts     payload field names for dictionary-backed values (team, layer, …)
//  experiment-schema.ts     create/update payload shape, required fields, segments, groups, labels
//  experiment-conditions.ts fields required by other fields' values (retro, switchback, …)
//  experiment-responses.ts  what create (201, Location) and update (the record echoed) answer
//  dictionaries.ts          contents and (deliberately varied) response shapes of the 11 dictionaries
//  dictionary-values.ts     which property of each dictionary item is the value to send back
//  metrics-catalog.ts       the 2500-entry metric catalogue (objective-meta)
//  seed-experiments.ts      experiments 1..8 and 123 in every status
//  error-bodies.ts          error texts (stated ones byte for byte) and invented error bodies
//  splitter-rules.ts        splitter auth, statuses beyond 200/400/500 (401, 404, 405, 413), platform
//                           ids, null participant ids, assignment hashing, exposure acceptance
//  http-rules.ts            body limits, path matching, order of checks, latency semantics
// ============================================================================================

export * from './dictionaries.js';
export * from './dictionary-values.js';
export * from './error-bodies.js';
export * from './experiment-conditions.js';
export * from './experiment-fields.js';
export * from './experiment-responses.js';
export * from './experiment-schema.js';
export * from './http-rules.js';
export * from './scopes.js';
export * from './seed-experiments.js';
export * from './splitter-rules.js';
export * from './statuses.js';
