/** Where Slack's response_urls point (https://hooks.slack.com/commands/…, …/actions/…). */
const SLACK_RESPONSE_URL_ORIGIN = 'https://hooks.slack.com';

/**
 * The origins a response_url kept in a view's metadata may have: Slack's, and the configured Web API's
 * when SLACK_API_URL is set (the emulator in playground mode and tests, whose response_urls live
 * beside its Web API). Never "any": a kept URL is posted to with the person's results.
 */
export function slackResponseUrlOrigins(apiUrl: string | undefined): string[] {
  const origins = [SLACK_RESPONSE_URL_ORIGIN];
  if (apiUrl !== undefined) {
    try {
      origins.push(new URL(apiUrl).origin);
    } catch {
      // config.ts validated it as a URL; nothing more to allow otherwise.
    }
  }
  return origins;
}
