// The platform (the sandbox) and Slack (the emulator) for the load benchmarks, in a process of
// their own, driven by bench/bench-world.ts over Node's IPC channel. They used to share the
// benchmark's thread with autocannon: under `/exp start` load that thread ran at 87–100 % of a core
// answering the subjects' platform and Slack calls, so the ack times autocannon reported included
// its own event loop's queue, and the baselines making fewer calls looked faster for it.
import { startSandbox } from '../src/dev/sandbox/server.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import type { Logger } from '../src/observability/logger.js';
import { messageText } from '../test/support/harness.js';
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
// first channel post saying it started, as the app words it or as bench/bolt-with-calls.ts does.
const toldAt = new Map<number, number>();
const OUTCOME = /started experiment \*(\d+)\*|Experiment (\d+) started\./;
function drain(): void {
  for (const call of emulator.calls.splice(0)) {
    done.slackCalls++;
    if (call.method === 'chat.postMessage') {
      done.posts++;
      const match = OUTCOME.exec(messageText(call.args as { text?: string; blocks?: unknown[] }));
      const id = Number(match?.[1] ?? match?.[2]);
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
    case 'latency':
      sandbox.setLatency(request.ms, { pathIncludes: request.pathIncludes });
      return null;
    case 'drafts': {
      // Copies of draft experiment 4, so every start of a burst starts a draft of its own.
      const template = sandbox.state.experiments.get(4);
      if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4 to copy');
      for (let id = request.from; id < request.from + request.count; id++)
        sandbox.state.experiments.set(id, { ...template, id, name: `Burst ${id}`, label: `burst_${id}` });
      return null;
    }
    case 'counts':
      drain();
      return { ...done };
    case 'outcomes':
      drain();
      return request.ids.map((id) => toldAt.get(id) ?? null);
    case 'told': {
      const texts = emulator.messages(EMULATOR_DEFAULTS.channelId).map(messageText);
      return request.ids.filter((id) => texts.some((text) => text.includes(`started experiment *${id}*`)));
    }
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
  sandbox.setLatency(0);
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
