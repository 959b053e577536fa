import { helpLoad } from '../loads/help-load.js';
import { profiledApp } from './profile-start.js';
import { summariseProfile } from './profile-summary.js';

// Where an `/exp help` spends its CPU, for when the help budget fails: the app runs with --cpu-prof
// under the help load (autocannon, `connections` at once), then stops cleanly so V8 writes the
// profile, summarised by package and by function.
//   npm run bench profile-help -- sqlite 50 10     (store: sqlite | redis | memory, connections, seconds)

export async function profileHelp(args: readonly string[]): Promise<void> {
  const [store = 'sqlite', connectionsArg = '50', secondsArg = '10'] = args;
  const { world, app, dir } = await profiledApp(store);
  try {
    const options = {
      connections: Number(connectionsArg),
      durationS: Number(secondsArg),
      rounds: 1,
      warmUpS: 3,
    };
    const measuredFrom = performance.now();
    const [row] = await helpLoad(world, new Map([['app', app]]), options);
    const measuredMs = performance.now() - measuredFrom;
    app.child.kill('SIGTERM');
    await new Promise((resolve) => app.child.once('exit', resolve));
    process.stdout.write(
      `/exp help on ${store}, ${connectionsArg} connections for ${secondsArg} s: p50 ${row?.ackP50.toFixed(1)} ms, p99 ${row?.ackP99.toFixed(1)} ms, ${row?.perSecond.toFixed(0)}/s (profiler on)\n\n`,
    );
    process.stdout.write(summariseProfile(dir, 50, measuredMs));
  } finally {
    app.child.kill('SIGKILL');
    await world.close();
  }
}
