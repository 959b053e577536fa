// Baseline (a) of the load benchmark: an App on the same @slack/bolt whose /exp handler only acks,
// with the same signature check. Started as its own process by bench/load.ts; prints "listening".
import { App, LogLevel } from '@slack/bolt';

const port = Number(process.env.PORT ?? 0);
const app = new App({
  signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
  token: process.env.SLACK_BOT_TOKEN ?? 'xoxb-bench',
  tokenVerificationEnabled: false,
  // Known up front, as a deployed app would have them: no auth.test on the request path.
  botId: process.env.BENCH_BOT_ID ?? 'B0BOT0001',
  botUserId: process.env.BENCH_BOT_USER_ID ?? 'U0BOT0001',
  // The same Slack as the app's (the emulator): Bolt asks auth.test once for its bot user id.
  ...(process.env.SLACK_API_URL ? { clientOptions: { slackApiUrl: process.env.SLACK_API_URL } } : {}),
  logLevel: LogLevel.ERROR,
});
app.command('/exp', async ({ ack }) => {
  await ack();
});
await app.start(port);
process.stdout.write(`listening on ${port}\n`);
