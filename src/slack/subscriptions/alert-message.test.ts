import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAPPING } from '../../core/experiment-fields.js';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { en as messages, ru } from '../messages/index.js';
import { alertMessage } from './alert-message.js';
import { SUBSCRIPTION_BLOCKS } from './ids.js';

function allText(m: { text: string; blocks: unknown[] }): string {
  return `${m.text}\n${JSON.stringify(m.blocks)}`;
}

describe('alertMessage', () => {
  it('says who did what to which experiment, and where', () => {
    const m = alertMessage({
      event: { action: 'start', experimentId: 4, actorId: 'U0MEMBER1' },
      originChannelId: 'C0GENERAL',
      messages,
    });
    expect(m.text).toBe('<@U0MEMBER1> started experiment *4* in <#C0GENERAL>.');
    expect(m.blocks.map((b) => b.block_id)).toEqual([
      SUBSCRIPTION_BLOCKS.alertSummary,
      SUBSCRIPTION_BLOCKS.alertFooter,
    ]);
    expect(JSON.stringify(m.blocks)).not.toContain('"actions"');
    expectWithinBlockKitLimits({ kind: 'message', ...m });
  });

  it('names the experiment first where its name is known, in either language, and the id after', () => {
    const said = (event: Parameters<typeof alertMessage>[0]['event'], m = messages) =>
      alertMessage({ event, originChannelId: undefined, experimentName: 'Поиск <!here>', messages: m }).text;
    expect(said({ action: 'start', experimentId: 4, actorId: 'U1' })).toBe(
      '<@U1> started experiment *Поиск &lt;!here&gt;* (#4).',
    );
    expect(said({ action: 'stop', experimentId: 4, actorId: 'U1' }, ru)).toBe(
      '<@U1>: эксперимент *Поиск &lt;!here&gt;* (#4) остановлен.',
    );
    const hook = { outside: { actor: 'ci' } } as const;
    expect(said({ action: 'status', experimentId: 4, status: 'running', ...hook }, ru)).toContain(
      '*ci* сообщил(а), что эксперимент *Поиск &lt;!here&gt;* (#4) в статусе Запущен.',
    );
    expect(said({ action: 'status', experimentId: 4, status: 'on_hold', ...hook })).toContain(
      'reported experiment *Поиск &lt;!here&gt;* (#4) as `on_hold`.',
    );
  });

  it('gives the stop reason and the comment, escaped so it can neither ping nor forge a link', () => {
    const m = alertMessage({
      event: {
        action: 'stop',
        experimentId: 7,
        actorId: 'U1',
        stop: {
          reason: 'critical_metric_impact',
          comment: 'Revenue <!channel> dropped & <https://evil.example|click> <@U999>',
        },
      },
      originChannelId: 'C0GENERAL',
      messages,
    });
    const text = allText(m);
    expect(text).toContain('stopped experiment *7* in <#C0GENERAL>');
    expect(text).toContain('Critical metric impact');
    expect(text).toContain(
      'Revenue &lt;!channel&gt; dropped &amp; &lt;https://evil.example|click&gt; &lt;@U999&gt;',
    );
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil');
    expect(text).not.toContain('<@U999>');
  });

  it('links the origin only when it is a channel id, and never pings through a bad actor id', () => {
    for (const origin of ['U0MEMBER1', 'D0DM', '<!here>', undefined]) {
      const m = alertMessage({
        event: { action: 'archive', experimentId: 5, actorId: '<!here>' },
        originChannelId: origin,
        messages,
      });
      expect(m.text).not.toContain(' in ');
      expect(allText(m)).not.toMatch(/<[!@#]/);
    }
  });

  it('announces creates (with an escaped name, with or without the id) and edits (field names)', () => {
    const created = alertMessage({
      event: { action: 'create', experimentId: 42, name: 'Checkout <!here> copy', actorId: 'U1' },
      originChannelId: 'C0GENERAL',
      messages,
    });
    expect(created.text).toBe(
      '<@U1> created experiment *Checkout &lt;!here&gt; copy* (#42) in <#C0GENERAL>.',
    );
    const noId = alertMessage({
      event: { action: 'create', experimentId: undefined, name: 'X', actorId: 'U1' },
      originChannelId: undefined,
      messages,
    });
    expect(noId.text).toBe('<@U1> created experiment *X*.');
    const edited = alertMessage({
      event: { action: 'edit', experimentId: 2, fields: ['name', 'layerId'], actorId: 'U1' },
      originChannelId: 'C0GENERAL',
      messages,
    });
    expect(edited.text).toBe('<@U1> updated experiment *2* in <#C0GENERAL>: Name, Layer.');
  });

  it("names an edit's fields as the edit form does, in both languages, through this platform's mapping", () => {
    const event = {
      action: 'edit',
      experimentId: 2,
      fields: ['teamId', 'retro', 'markupScopeType', 'someNewField'],
      actorId: 'U1',
    } as const;
    const en = alertMessage({ event, originChannelId: undefined, messages });
    expect(en.text).toBe(
      '<@U1> updated experiment *2*: Team, Retro analysis based on, Markup, `someNewField`.',
    );
    const inRussian = alertMessage({ event, originChannelId: undefined, messages: ru });
    expect(inRussian.text).toContain(
      `${ru.experimentModal.labels.team}, ${ru.experimentModal.labels.retroType}, ${ru.experimentModal.labels.markupScopeType}, \`someNewField\``,
    );
    expect(inRussian.text).not.toContain('teamId');
    const mapped = alertMessage({
      event: { ...event, fields: ['team', 'teamId'] },
      originChannelId: undefined,
      fieldMapping: { ...DEFAULT_FIELD_MAPPING, team: 'team.id' },
      messages,
    });
    expect(mapped.text).toBe('<@U1> updated experiment *2*: Team, `teamId`.');
  });

  it('stays within Block Kit limits with the longest comment, name and field list', () => {
    const huge = '<&>'.repeat(3000);
    const cases = [
      {
        action: 'stop' as const,
        experimentId: Number.MAX_SAFE_INTEGER,
        actorId: 'U1',
        stop: { reason: 'other' as const, comment: huge },
      },
      { action: 'create' as const, experimentId: Number.MAX_SAFE_INTEGER, name: huge, actorId: 'U1' },
      {
        action: 'edit' as const,
        experimentId: 1,
        fields: Array.from({ length: 500 }, (_, i) => `field${i}${'x'.repeat(200)}`),
        actorId: 'U1',
      },
    ];
    for (const event of cases) {
      const m = alertMessage({ event, originChannelId: 'C0GENERAL', messages });
      expectWithinBlockKitLimits({ kind: 'message', ...m });
      expect(m.text).not.toMatch(/<[!@](?!U1>)/);
    }
  });
});
