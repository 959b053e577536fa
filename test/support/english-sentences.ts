// Whether a text meant to be Russian still holds English sentences of the app's: runs of three or
// more Latin words holding one of the glue words that make a run a sentence rather than a name or a
// value, once code spans, Slack's <…> tokens, emoji and URLs are taken out. Data the platform owns
// (experiment names, statuses, dictionary values) and command words are not sentences of the app's.

const ENGLISH_GLUE =
  /\b(the|is|are|was|not|to|of|and|this|that|you|your|it|for|with|by|has|have|be|no|can|will|an?)\b/i;

export function englishSentences(text: string): string[] {
  const prose = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/:[a-z0-9_+-]+:/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  const runs = prose.match(/[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*){2,}/g) ?? [];
  return runs.filter((run) => ENGLISH_GLUE.test(run));
}
