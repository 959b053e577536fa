// The one door from production code into development tooling: start.ts reaches it with a single
// dynamic import(), and only when the embedded sandbox or the playground is wanted. Nothing else
// outside src/dev may import from here (test/boundaries.test.ts enforces it), so a production
// process never loads the simulator, the Slack emulator or the playground page.

export { startPlayground } from './playground/server.js';
export { playgroundTeams } from './playground/teams.js';
export { type Sandbox, startSandbox } from './sandbox/server.js';
export { type SlackEmulator, startSlackEmulator } from './slack-emulator/server.js';
