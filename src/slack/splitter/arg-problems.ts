import type { PlatformWarning } from '../../splitter/parse-input.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import { escapeMrkdwn, joinSafe, md, type SafeText, safe, truncate } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';
import type { SplitterArgsProblem } from './args.js';

/** Echoed input is shortened so a pasted paragraph does not become the reply. */
const ECHO_MAX = 41;
const ECHO_SAFE_MAX = 300;

function echo(input: string): SafeText {
  return safe(truncate(input, ECHO_MAX), ECHO_SAFE_MAX);
}

/** `1 Desktop, 4 iOS, 5 Android, 6 Mobile`: ids and names as the interface gives them, in any language. */
function knownPlatforms(): SafeText {
  return joinSafe(
    [...KNOWN_PLATFORMS].map(([id, name]) => md`${id} ${escapeMrkdwn(name)}`),
    md`, `,
  );
}

/** The sentence for why `/exp features` or `/exp expose` arguments were refused. */
export function argsProblemText(problem: SplitterArgsProblem, messages: Messages): SafeText {
  const p = messages.splitter.usage.problems;
  switch (problem.kind) {
    case 'word-count':
      return p.wordCount({ count: problem.count });
    case 'no-platform':
      return p.noPlatform({ known: knownPlatforms() });
    case 'not-a-platform':
      return p.notAPlatform({ input: echo(problem.input), known: knownPlatforms() });
    case 'no-participant':
      return p.noParticipant;
    case 'not-a-user-id':
      return p.notAUserId({ input: echo(problem.input) });
    case 'empty-visitor-id':
      return p.emptyVisitorId;
    case 'not-a-participant':
      return p.notAParticipant({ input: echo(problem.input) });
    case 'invalid-participant':
      return p.invalidParticipant;
  }
}

/** The warning under `/exp features` results for a platform id the interface does not name. */
export function platformWarningText(warning: PlatformWarning, messages: Messages): SafeText {
  return messages.splitter.unknownPlatformId({ id: warning.id, known: knownPlatforms() });
}
