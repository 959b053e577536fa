import { App, LogLevel } from '@slack/bolt';

/**
 * The baselines' Bolt app, configured as the app is from the same environment: the same signature
 * check and the same Slack (the emulator). Started as its own process; `listen` prints "listening".
 */
export function createBenchBolt(): { app: App; listen(): Promise<void> } {
  const app = new App({
    signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
    token: process.env.SLACK_BOT_TOKEN ?? 'xoxb-bench',
    tokenVerificationEnabled: false,
    // Known up front, as a deployed app would have them: no auth.test on the request path.
    botId: process.env.BENCH_BOT_ID ?? 'B0BOT0001',
    botUserId: process.env.BENCH_BOT_USER_ID ?? 'U0BOT0001',
    ...(process.env.SLACK_API_URL ? { clientOptions: { slackApiUrl: process.env.SLACK_API_URL } } : {}),
    logLevel: LogLevel.ERROR,
  });
  return {
    app,
    async listen() {
      const port = Number(process.env.PORT ?? 0);
      await app.start(port);
      process.stdout.write(`listening on ${port}\n`);
    },
  };
}
