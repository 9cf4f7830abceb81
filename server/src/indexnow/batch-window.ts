/**
 * When a change made at `now` is sent: the end of its window of `batchMs`, windows aligned on the clock
 * (so on every instance), so every change of one window falls due at the same moment and goes in one
 * submission; a change waits at most `batchMs`.
 */
export function windowEnd(now: number, batchMs: number): number {
  return batchMs <= 0 ? now : (Math.floor(now / batchMs) + 1) * batchMs;
}
