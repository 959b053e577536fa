// Audience filters are edited in the audience view (audience-view.ts), pushed over the form: the
// form itself shows a summary, so no number of filters or of filters per param can break it.

/** "a, b\nc" → ["a", "b", "c"]: values containing a comma cannot be typed (documented limitation). */
export function splitSegmentValues(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}
