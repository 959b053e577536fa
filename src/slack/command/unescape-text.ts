// With `should_escape: true` (the manifest), Slack sends mentions, channels and links in a slash
// command's text as `<@U123|bob>`, `<#C123|growth>`, `<https://x|label>` and escapes &, < and >.
// Parsers read those forms as ids; free text that goes elsewhere (a stop comment sent to the
// platform) is turned back into what the person typed.

const ENTITIES: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

export function unescapeSlackText(text: string): string {
  return text
    .replace(/<([^<>]*)>/g, (whole, inner: string) => {
      const [target = '', label] = inner.split('|', 2) as [string, string | undefined];
      if (target.startsWith('@')) return label ? `@${label.replace(/^@/, '')}` : target;
      if (target.startsWith('#')) return label ? `#${label}` : target;
      if (target.startsWith('!subteam^')) return label ? `@${label.replace(/^@/, '')}` : '@group';
      if (target.startsWith('!date^')) return label ?? '';
      if (target.startsWith('!')) return `@${target.slice(1).split('^')[0]}`;
      if (/^(https?|mailto):/i.test(target))
        return label && label !== target ? `${label} (${target})` : target;
      return whole;
    })
    .replace(/&(lt|gt|amp);/g, (entity) => ENTITIES[entity] ?? entity);
}
