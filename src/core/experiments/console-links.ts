/** Links to an experiment's page in the platform's web console (CONSOLE_WEB_URL, `{id}` = its id). */
export interface ConsoleLinks {
  urlOf(experimentId: number): string;
  /** The experiment a pasted link points at, or undefined when it is not a console experiment link. */
  idOf(url: string): number | undefined;
  /** The host Slack must unfurl links of (the manifest's `unfurl_domains`). */
  domain: string;
}

export function createConsoleLinks(template: string): ConsoleLinks {
  const [before = '', after = ''] = template.split('{id}');
  const pattern = new RegExp(`^${escapeRegExp(before)}([1-9]\\d{0,14})${escapeRegExp(after)}(?:[?#].*)?$`);
  return {
    urlOf: (experimentId) => `${before}${experimentId}${after}`,
    idOf(url) {
      // Slack hands links over as typed; a bounded length keeps a pasted novel out of the regex.
      if (url.length > 2000) return undefined;
      const match = pattern.exec(url.trim());
      const id = match ? Number(match[1]) : Number.NaN;
      return Number.isSafeInteger(id) && id > 0 ? id : undefined;
    },
    domain: new URL(template.replace('{id}', '1')).hostname,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
