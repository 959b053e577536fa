// CPU ratios taken round by round. Each round runs the subjects in turn (forwards, then
// backwards), so a round of the app and the same round of its baseline are seconds apart while the
// first and the last round are minutes apart. A shared machine's speed moves over minutes, so the
// ratio of two medians can pair a fast round of one subject with a slow round of the other; the
// median of the rounds' own ratios pairs each round with its neighbour in time.

/** Each round's ratio `of[i] ÷ to[i]`, leaving out a round the other side lacks or could not measure. */
export function roundRatios(of: readonly number[], to: readonly number[]): number[] {
  return of.flatMap((value, i) => {
    const base = to[i];
    return base === undefined || base <= 0 ? [] : [value / base];
  });
}

/** The middle value, or the mean of the two middle ones; NaN when empty. */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
