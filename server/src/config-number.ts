/**
 * Reads whole-number settings from the environment for the config loaders: empty means the
 * fallback; anything else must be a whole number in [min, max], or a problem is recorded (all of
 * them are reported together at start) and the fallback is used.
 */
export function wholeNumberReader(env: NodeJS.ProcessEnv, problems: string[]) {
  return (name: string, fallback: number, min: number, max: number): number => {
    const raw = (env[name] ?? '').trim();
    if (raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
}
