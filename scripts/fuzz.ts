/**
 * `npm run fuzz [-- --requests N --seed S --database-url postgres://…]`: malformed requests over every
 * route (scripts/fuzz-run.ts), printing counts by status and by route. Exits 1 when any answer is a
 * 5xx, an /api or /News 4xx is not problem+json, or a redirect leads off the site. With
 * --database-url, against that (throwaway) PostgreSQL database instead of a temporary SQLite one.
 */
import { runFuzz } from './fuzz-run.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isSafeInteger(v) && v > 0 ? v : fallback;
};
const requests = arg('requests', 10_000);
const seed = arg('seed', Date.now() % 100_000);
const urlAt = process.argv.indexOf('--database-url');
const databaseUrl = urlAt >= 0 ? process.argv[urlAt + 1] : undefined;
console.log(`fuzz: ${requests} malformed requests, seed ${seed}`);
const started = Date.now();
const report = await runFuzz({ requests, seed, databaseUrl, log: (line) => console.log(`  ${line}`) });
console.log(`\n${report.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('by status:');
for (const [k, n] of Object.entries(report.byStatus).sort()) console.log(`  ${k.padEnd(5)} ${n}`);
console.log('by route:');
for (const [k, n] of Object.entries(report.byRoute).sort()) console.log(`  ${String(n).padStart(6)}  ${k}`);
console.log(
  report.failures.length
    ? `\nFAILED: ${report.failures.length} answers broke the rules (listed above)`
    : '\nOK: no 5xx; every /api and /News 4xx is problem+json; no redirect off the site',
);
process.exit(report.failures.length ? 1 : 0);
