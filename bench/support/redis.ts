import { join } from 'node:path';
import { createClient } from '@keyv/redis';

/** The benchmarks' Redis: a database of their own, flushed before each use. */
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

export async function flushBenchRedis(): Promise<void> {
  const redis = createClient({ url: BENCH_REDIS_URL });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
}

/** The app's STORE_URL for a benchmark's store argument (sqlite | redis | memory): Redis flushed first. */
export async function benchStoreUrl(kind: string, dir: string): Promise<string> {
  if (kind === 'redis') {
    await flushBenchRedis();
    return BENCH_REDIS_URL;
  }
  return kind === 'memory' ? 'memory://' : `sqlite://${join(dir, 'app.sqlite')}`;
}
