// The platform (the sandbox) and Slack (the emulator) for the benchmarks, in a process of their
// own driven by world.ts over Node's IPC channel, so the load generator's thread does not also
// answer the subjects' calls (its queue would then be in every ack time it reads).
import { startSandbox } from '../../src/dev/sandbox/server.js';
import { EMULATOR_DEFAULTS } from '../../src/dev/slack-emulator/seed.js';
import { startSlackEmulator } from '../../src/dev/slack-emulator/server.js';
import type { Logger } from '../../src/observability/logger.js';
import type { WorldReady, WorldRequest } from './world-protocol.js';

// What the subjects asked of the platform and of Slack, counted as it happens: the work each one
// did for the commands it acked. The emulator's own call log is emptied as it is counted.
const done = { starts: 0, posts: 0, updates: 0, responses: 0, platformCalls: 0, slackCalls: 0 };
const countingLogger: Logger = {
  debug(msg, fields) {
    if (msg !== 'sandbox request') return;
    done.platformCalls++;
    if (String(fields?.url ?? '').includes('/start')) done.starts++;
  },
  info() {},
  warn() {},
  error(msg, fields) {
    process.stderr.write(`bench world: ${msg} ${JSON.stringify(fields ?? {})}\n`);
  },
  child: () => countingLogger,
  isLevelEnabled: (level) => level === 'debug' || level === 'error',
};
// When each start's outcome reached Slack (the emulator's own clock, ms), by experiment id: the
// first channel post saying it started, as the app words it or as the Bolt baselines do.
const toldAt = new Map<number, number>();
// The app names an experiment first where it knows its name ("*Name* (#4)"), else by its id ("*4*").
const OUTCOME = /started experiment \*(?:(\d+)\*|[^*]+\* \(#(\d+)\))|Experiment (\d+) started\./;
function drain(): void {
  for (const call of emulator.calls.splice(0)) {
    done.slackCalls++;
    if (call.method === 'chat.postMessage') {
      done.posts++;
      const match = OUTCOME.exec(JSON.stringify(call.args));
      const id = Number(match?.[1] ?? match?.[2] ?? match?.[3]);
      if (match && !toldAt.has(id)) toldAt.set(id, call.at);
    } else if (call.method === 'chat.update') done.updates++;
  }
  done.responses += emulator.responsePosts.splice(0).length;
}
const sandbox = await startSandbox({ logger: countingLogger });
const emulator = await startSlackEmulator();

function handle(request: WorldRequest): unknown {
  switch (request.op) {
    case 'mint':
      return Array.from({ length: request.count }, () =>
        emulator.mintResponseUrl({
          channelId: EMULATOR_DEFAULTS.channelId,
          userId: EMULATOR_DEFAULTS.userId,
        }),
      );
    case 'drafts': {
      // Copies of draft experiment 4, so every start starts a draft of its own.
      const template = sandbox.state.experiments.get(4);
      if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4 to copy');
      for (let id = request.from; id < request.from + request.count; id++)
        sandbox.state.experiments.set(id, { ...template, id, name: `Bench ${id}`, label: `bench_${id}` });
      return null;
    }
    case 'counts':
      drain();
      return { ...done };
    case 'outcomes':
      drain();
      return request.ids.map((id) => toldAt.get(id) ?? null);
  }
}

process.on('message', (request: WorldRequest) => {
  try {
    process.send?.({ id: request.id, result: handle(request) });
  } catch (error) {
    process.send?.({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
process.on('disconnect', () => {
  void Promise.all([emulator.close(), sandbox.close()]).finally(() => process.exit(0));
});

const ready: WorldReady = {
  ready: true,
  sandboxUrl: sandbox.url,
  apiUrl: emulator.apiUrl,
  botToken: emulator.identity.botToken,
  consoleToken: await sandbox.issueToken({ name: process.env.BENCH_TOKEN_NAME ?? 'bench' }),
};
process.send?.(ready);
