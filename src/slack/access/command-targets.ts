import type { AccessRule, Parsed } from '../command/access-rule.js';
import type { Messages } from '../messages/index.js';
import type { AccessTarget } from './gate.js';

/**
 * What one parsed `/exp` request wants to do, as far as access goes, from the rule its subcommand
 * declares (src/slack/command/subcommand.ts). Every rule kind is handled and there is no fallback:
 * a new kind of rule that is not decided here does not compile.
 */
export function commandTarget<P extends Parsed>(
  rule: AccessRule<P>,
  parsed: P,
  at: { channelId: string; messages: Messages },
): AccessTarget {
  switch (rule.kind) {
    case 'read':
    case 'self':
      return { kind: rule.kind };
    case 'policy':
      // On the experiment it names, where it names one (the rule may be narrowed per experiment).
      return {
        kind: 'policy',
        action: rule.action,
        channelId: at.channelId,
        experimentId: experimentIdOf(parsed),
      };
    case 'admin':
      return { kind: 'admin', refusal: rule.refusal(at.messages), action: rule.action };
    case 'read-unless':
      return rule.acting(parsed) ? commandTarget(rule.rule, parsed, at) : { kind: 'read' };
  }
}

function experimentIdOf(parsed: Parsed): number | undefined {
  return 'experimentId' in parsed && typeof parsed.experimentId === 'number'
    ? parsed.experimentId
    : undefined;
}
