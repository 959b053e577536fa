import { escapeMrkdwn, md, type SafeText } from '../blocks/escape.js';

// Small builders the English catalogues share, so every feature writes a command or a number alike.

/** A subcommand as code: `/exp start 4`. */
export const cmd = (text: string): SafeText => md`\`/exp ${escapeMrkdwn(text)}\``;

/** A plain word (an action, a dictionary name) as safe text. */
export const word = (text: string): SafeText => escapeMrkdwn(text);

/** A number as English writes it: 1,234. */
export function count(n: number): SafeText {
  return escapeMrkdwn(n.toLocaleString('en-US'));
}
