import { describe, expect, it } from 'vitest';
import { en, ru } from '../messages/index.js';
import { conflictActionLine } from './conflict-lines.js';

describe('conflictActionLine', () => {
  const at = '2026-03-05T14:07:30.000Z';
  const token = `<!date^${Date.parse(at) / 1000}^{date_short_pretty} {time}|2026-03-05 14:07 UTC>`;

  it('gives the time as a Slack date token, so each reader sees their own zone and language, and the action in words', () => {
    const stop = { action: 'stop', actorId: 'U0ALICE', at, source: 'slack' } as const;
    expect(conflictActionLine(stop, en)).toBe(`• <@U0ALICE> stopped it (${token})`);
    expect(conflictActionLine(stop, ru)).toBe(`• <@U0ALICE> остановил(а) (${token})`);
    expect(conflictActionLine(stop, en)).not.toContain(at);
  });

  it('names an outside actor escaped, and shows a time that does not parse as stored', () => {
    const line = conflictActionLine(
      { action: 'edit', actor: '<!here>', at: 'yesterday', source: 'event' },
      en,
    );
    expect(line).toBe('• &lt;!here&gt; edited it (yesterday)');
  });
});
