/**
 * Resolves once the clock is past `instant`: for what the clock alone decides (a TTL, a due time),
 * where there is no event to wait on.
 */
export async function untilPast(instant: number | Date): Promise<void> {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  // A timer may fire a millisecond before Date.now() reaches its end.
  while (Date.now() <= at) await new Promise((resolve) => setTimeout(resolve, at - Date.now() + 1));
}
