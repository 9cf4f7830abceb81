/**
 * Refused sign-ins during a penalty come in bursts (an attacker's script, a stuck client): one
 * log line per attempt would turn a 200-attempt burst into 200 synchronous writes that slow every
 * other request. The first refusal for an address, name and reason is logged at once; later ones within
 * `windowMs` are counted and reported on the next line logged for that pair.
 */
export const REFUSAL_LOG_WINDOW_MS = 10_000;
const MAX_TRACKED = 10_000;

export function refusalLog(clock: () => number = Date.now, windowMs = REFUSAL_LOG_WINDOW_MS) {
  const pairs = new Map<string, { loggedAt: number; suppressed: number }>();
  return {
    /**
     * Whether to write a line for this refusal now, and how many refusals for the pair went
     * unlogged since its last line (undefined: write nothing).
     */
    take(ip: string, username: string, reason: string): { suppressed: number } | undefined {
      const key = `${reason}\n${ip}\n${username}`;
      const now = clock();
      const seen = pairs.get(key);
      if (seen && now - seen.loggedAt < windowMs) {
        seen.suppressed += 1;
        return undefined;
      }
      pairs.delete(key);
      pairs.set(key, { loggedAt: now, suppressed: 0 });
      if (pairs.size > MAX_TRACKED) pairs.delete(pairs.keys().next().value as string);
      return { suppressed: seen?.suppressed ?? 0 };
    },
  };
}
