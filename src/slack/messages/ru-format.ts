import { escapeMrkdwn, md, type SafeText } from '../blocks/escape.js';
import { formatNumber, plural } from '../locale/format.js';

// Small builders the Russian catalogues share. Command words stay English (`/exp start`); numbers
// and word forms follow Russian (1 234, «1 день», «3 дня», «5 дней»).

/** A subcommand as code: `/exp start 4`. */
export const cmd = (text: string): SafeText => md`\`/exp ${escapeMrkdwn(text)}\``;

/** A plain word (an action, a dictionary name) as safe text. */
export const word = (text: string): SafeText => escapeMrkdwn(text);

/** A number as Russian writes it: 1 234. */
export const count = (n: number): SafeText => escapeMrkdwn(formatNumber('ru', n));

/** n with its word in the right form: n(3, 'день', 'дня', 'дней') → «3 дня». */
export const n = (value: number, one: string, few: string, many: string): SafeText =>
  plural('ru', value, { one, few, many, other: few });
