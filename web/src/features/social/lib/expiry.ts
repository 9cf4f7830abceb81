/** Whole minutes until `iso` (0 when past); null when there is no date. */
export function minutesRemaining(iso: string | null | undefined, now = Date.now()): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.floor((t - now) / 60_000));
}

/** Whole days until `iso` (0 when past); null when there is no date. */
export function daysRemaining(iso: string | null | undefined, now = Date.now()): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.floor((t - now) / 86_400_000));
}

/** Approximate days for an expires-in value in seconds. */
export function approxDays(expiresInSeconds: number): number {
  return Math.round(expiresInSeconds / 86_400);
}
