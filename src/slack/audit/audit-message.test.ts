import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../core/audit/audit-log.js';
import { en } from '../messages/index.js';
import { auditRow } from './audit-message.js';

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  id: '1',
  at: Date.UTC(2026, 10, 27, 12, 2, 14),
  userId: 'U0MEMBER1',
  action: 'start',
  experimentId: 123,
  decision: 'refused',
  rule: 'busy',
  outcome: 'busy',
  ...over,
});

describe('a row of the audit trail', () => {
  it('shows the people a total of refusals names as mentions, and nothing else as one', () => {
    const row = auditRow(
      record({
        detail:
          '64 refused for want of a slot at 12:02:14 UTC, by U0MEMBER1, W0ENTERPR1 and others; counted, not written one by one, while the audit trail was behind',
      }),
      en,
    );
    expect(row).toContain(
      '64 refused for want of a slot at 12:02:14 UTC, by <@U0MEMBER1>, <@W0ENTERPR1> and others; counted, not written one by one, while the audit trail was behind',
    );
  });

  it('leaves an id in any other entry as the text it is', () => {
    const row = auditRow(record({ rule: 'policy', detail: 'asked by U0MEMBER1 <b>' }), en);
    expect(row).toContain('asked by U0MEMBER1 &lt;b&gt;');
    expect(row).not.toContain('<@U0MEMBER1> &lt;');
  });
});
