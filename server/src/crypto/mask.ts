/**
 * Masking rule for secrets and tokens shown anywhere (responses, pages, logs):
 * never the value itself; at most its last 4 characters, and only when the value is at
 * least 16 characters long (so the visible part is a quarter or less). Shorter values are
 * all stars. Empty stays empty.
 */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length < 16) return '****';
  return `****${value.slice(-4)}`;
}
