import { describe, expect, it } from 'vitest';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { SlackMessage } from '../blocks/message.js';
import { ru } from '../messages/index.js';
import { dictPageMessage } from './page.js';
import { cached, page, texts } from './page.test-helper.js';

/** Item sections only: blocks without a block_id. */
function itemSections(reply: SlackMessage): string[] {
  return reply.blocks.flatMap((b) => (b.type === 'section' && !b.block_id && b.text ? [b.text.text] : []));
}

describe('dictPageMessage content', () => {
  it('shows name, count, cache time and the refresh hint', () => {
    const reply = page({ dictionary: cached('layers', ['web', 'app']), page: 1 });
    const all = texts(reply.blocks).join('\n');
    expect(all).toContain('Dictionary: layers');
    expect(all).toContain('Showing 1–2 of 2 (page 1 of 1).');
    expect(all).toContain('Cached at <!date^1738324800^');
    expect(all).toContain('`/exp dict layers --refresh`');
    expect(reply.text).toContain('Dictionary: layers');
    expect(reply.blocks.some((b) => b.type === 'actions')).toBe(false);
  });

  it('repeats the whole request in the refresh hint: body arguments, then the filter in full', () => {
    const params = cached('context-param-predicates', {
      params: [{ id: 2, title: 'City', status: 'active' }],
    });
    const scoped = texts(page({ dictionary: params, filter: 'city', body: { domainId: 1 }, page: 1 }).blocks);
    expect(scoped).toContain(
      'To reload from the platform: `/exp dict context-param-predicates domain=1 city --refresh`',
    );
    const both = texts(
      page({ dictionary: params, body: { experimentId: 123, domainId: 1 }, page: 1 }).blocks,
    );
    expect(both).toContain(
      'To reload from the platform: `/exp dict context-param-predicates experiment=123 domain=1 --refresh`',
    );
    expect(both).toContain('Read for experiment 123, domain 1.');
    // A filter longer than the summary's short echo is still repeated whole, escaped.
    const long = `${'search '.repeat(12)}<b>`;
    const layers = texts(page({ dictionary: cached('layers', ['web']), filter: long, page: 1 }).blocks);
    expect(layers).toContain(
      `To reload from the platform: \`/exp dict layers ${'search '.repeat(12)}&lt;b&gt; --refresh\``,
    );
  });

  it('escapes hostile labels and shows values exactly', () => {
    const dictionary = cached('layers', [
      { id: 'l1', name: '<!channel> & friends' },
      { id: 2, name: '<https://evil.example|click me>' },
      { id: '007', name: 'Bond' },
      { id: 'a  <b>&amp;', name: 'Odd value' },
    ]);
    const reply = page({ dictionary, page: 1 });
    const all = JSON.stringify(reply);
    expect(all).not.toContain('<!channel>');
    expect(all).not.toContain('<https://evil');
    const lines = itemSections(reply).join('\n');
    expect(lines).toContain('• &lt;!channel&gt; &amp; friends — `l1`');
    expect(lines).toContain('• &lt;https://evil.example|click me&gt; — `2`');
    expect(lines).toContain('• Bond — `007`');
    // Slack shows the entities as the characters: the value reads exactly as the platform sent it
    expect(lines).toContain('`a  &lt;b&gt;&amp;amp;`');
  });

  it('shows a value once when the platform gave no separate label, with status badges', () => {
    const dictionary = cached('holdouts', [{ id: 'h1', status: 'ACTIVE' }, 'plain']);
    const lines = itemSections(page({ dictionary, page: 1 })).join('\n');
    expect(lines).toContain('• `h1` · `ACTIVE`');
    expect(lines).toContain('• `plain`');
  });

  it('keeps allowed and excluded participant lists apart, allowed first', () => {
    const dictionary = cached('participant-lists', [
      { id: 1, name: 'Beta testers', excluded: false },
      { id: 2, name: 'Staff', excluded: true },
      { id: 3, name: 'Early adopters', excluded: false },
    ]);
    const sections = itemSections(page({ dictionary, page: 1 }));
    expect(sections).toHaveLength(2);
    expect(sections[0]).toMatch(/^\*Allowed lists\*\n/);
    expect(sections[0]).toContain('Beta testers');
    expect(sections[0]).toContain('Early adopters');
    expect(sections[0]).not.toContain('Staff');
    expect(sections[1]).toMatch(/^\*Excluded lists\*\n/);
    expect(sections[1]).toContain('Staff');
  });

  it('shows each group of a grouped dictionary as its own headed section', () => {
    const dictionary = cached('objective-meta', {
      metrics: [{ id: 'ctr', name: 'CTR' }],
      slices: [{ id: 'os', name: 'OS <b>' }],
    });
    const sections = itemSections(page({ dictionary, page: 1 }));
    expect(sections).toEqual(['*metrics*\n• CTR — `ctr`', '*slices*\n• OS &lt;b&gt; — `os`']);
  });

  it('indents teams by depth and says where a team sits when its parent is not above it', () => {
    const dictionary = cached('teams', {
      id: 1,
      name: 'Org',
      children: [
        { id: 2, name: 'Platform', children: [{ id: 3, name: 'Search' }] },
        { id: 4, name: 'Payments' },
      ],
    });
    const lines = itemSections(page({ dictionary, page: 1 }))
      .join('\n')
      .split('\n');
    expect(lines).toEqual([
      '• Org — `1`',
      '\u2003• Platform — `2`',
      '\u2003\u2003• Search — `3`',
      '\u2003• Payments — `4` · in Org',
    ]);
    const filtered = itemSections(page({ dictionary, filter: 'SEARCH', page: 1 }));
    expect(filtered).toEqual(['\u2003\u2003• Search — `3` · in Org / Platform']);
  });

  it('explains every context parameter status and summarises operators safely', () => {
    const dictionary = cached('context-param-predicates', {
      params: [
        { id: 'country', title: 'Country', status: 'active' },
        { id: 7, title: 'Old', status: 'archived' },
        { id: 'd', title: 'Draft', status: 'draft' },
        { id: 'x', title: 'Gone', status: 'deleted' },
      ],
      predicates: ['eq', 'in', '<!channel>'],
      predicateApplicability: { string: ['eq', 'in'], number: { nested: [1, 2] } },
    });
    const reply = page({ dictionary, page: 1, body: { experimentId: 5 } });
    const all = texts(reply.blocks).join('\n');
    expect(all).toContain('• Country — `country` · Active: available for filtering');
    expect(all).toContain(
      '• Old — `7` · Archived: cannot be used in new filters; existing filters keep working',
    );
    expect(all).toContain('• Draft — `d` · Draft: cannot be used in segment filters');
    expect(all).toContain('• Gone — `x` · Deleted: unavailable in new and existing filters');
    expect(all).toContain('*Operators*\n`eq`, `in`, `&lt;!channel&gt;`');
    expect(all).toContain('*Where operators apply*\nstring: `eq`, `in`\nnumber: `{"nested":[1,2]}`');
    expect(all).toContain('Read for experiment 5.');
    expect(JSON.stringify(reply)).not.toContain('<!channel>');
  });

  it('names a context parameter status by its label in Russian, and keeps one it does not know as sent', () => {
    const dictionary = cached('context-param-predicates', {
      params: [
        { id: 'country', title: 'Страна', status: 'active' },
        { id: 'x', title: 'Старый', status: 'deleted' },
        { id: 'n', title: 'Новый', status: 'pending' },
      ],
      predicates: ['eq'],
    });
    const all = texts(dictPageMessage({ dictionary, filter: undefined, page: 1, messages: ru }).blocks).join(
      '\n',
    );
    expect(all).toContain('• Страна — `country` · Активен: доступен для фильтров');
    expect(all).toContain('• Старый — `x` · Удалён: недоступен ни в новых, ни в существующих фильтрах');
    expect(all).toContain('• Новый — `n` · `pending`: статус не описан');
    expect(all).not.toMatch(/`(active|deleted)`/);
  });

  it('shows operators by their names, and where they apply by those names, not as JSON', () => {
    const dictionary = cached('context-param-predicates', {
      params: [{ id: 1, title: 'City', type: 'string', status: 'active' }],
      predicates: [
        { id: 'eq', title: 'equals', arity: 'one' },
        { id: 'in', title: 'is one of <!here>', arity: 'many' },
        { id: 'gt', title: 'greater than', arity: 'one' },
      ],
      predicateApplicability: { string: ['eq', 'in'], number: ['eq', 'gt', 'unknown_op'] },
    });
    const all = texts(page({ dictionary, page: 1 }).blocks).join('\n');
    expect(all).toContain('*Operators*\nequals (`eq`), is one of &lt;!here&gt; (`in`), greater than (`gt`)');
    expect(all).toContain(
      '*Where operators apply*\nstring: equals, is one of &lt;!here&gt;\nnumber: equals, greater than, `unknown_op`',
    );
    expect(all).not.toContain('as the platform sent them');
    expect(all).not.toContain('"arity"');
    // A map of operator → name reads the same way.
    const mapped = cached('context-param-predicates', {
      params: [],
      predicates: { eq: 'equals', neq: 'does not equal' },
    });
    expect(texts(page({ dictionary: mapped, page: 1 }).blocks).join('\n')).toContain(
      '*Operators*\nequals (`eq`), does not equal (`neq`)',
    );
  });

  it('renders operators of any shape within limits', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const shapes: unknown[] = [
      Array.from({ length: 10_000 }, (_, i) => `op-${i}-<!here>`),
      { deep: { deeper: { deepest: 'x'.repeat(50_000) } } },
      Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`type${i}`, ['eq', 'ne']])),
      cyclic,
      10n,
      'just a string <b>',
      [],
      {},
      null,
    ];
    for (const predicates of shapes) {
      const base = cached('context-param-predicates', {
        params: [{ id: 'p', title: 'P', status: 'active' }],
      });
      const reply = page({ dictionary: { ...base, extra: { predicates } }, page: 1 });
      const operators = texts(reply.blocks).find((t) => t.startsWith('*Operators*'));
      expect(operators, String(predicates)).toBeDefined();
      expect(operators?.length).toBeLessThanOrEqual(1100);
      expect(JSON.stringify(reply)).not.toContain('<!here>');
    }
  });

  it('shows a parameter with an undocumented status as such', () => {
    const base = cached('context-param-predicates', { params: [] });
    const item: DictionaryItem = { value: 'p', label: 'P', status: 'frozen', raw: {} };
    const all = texts(page({ dictionary: { ...base, items: [item] }, page: 1 }).blocks).join('\n');
    expect(all).toContain('• P — `p` · `frozen`: status not documented');
  });

  it('says clearly when nothing matches, and when a dictionary is empty', () => {
    const dictionary = cached('layers', ['web', 'app']);
    const none = page({ dictionary, filter: 'foo', page: 1 });
    expect(texts(none.blocks)).toContain('No entries match `foo` in layers.');
    expect(none.text).toContain('No entries match `foo` in layers.');
    expect(none.blocks.some((b) => b.type === 'actions')).toBe(false);
    const hostile = page({ dictionary, filter: '<!everyone>', page: 1 });
    expect(JSON.stringify(hostile)).not.toContain('<!everyone>');
    expect(texts(hostile.blocks)).toContain('No entries match `&lt;!everyone&gt;` in layers.');
    const empty = page({ dictionary: cached('tags', []), page: 1 });
    expect(texts(empty.blocks)).toContain('tags is empty: the platform returned no entries.');
  });

  it("shows the normaliser's warnings, escaped, in a context line", () => {
    const dictionary = cached('layers', [{ id: 'a' }, { nope: {} }, { alsoNope: [] }]);
    const reply = page({
      dictionary: { ...dictionary, warnings: [...dictionary.warnings, '<!here> was odd'] },
      page: 1,
    });
    const warning = reply.blocks.find((b) => b.block_id === 'exp_dict_warnings');
    expect(warning?.type).toBe('context');
    const text = texts(warning ? [warning] : []).join('');
    expect(text).toMatch(/^:warning: \d+ parts of the platform's answer could not be read exactly: /);
    expect(JSON.stringify(reply)).not.toContain('<!here>');
  });
});
