/**
 * `npm run fuzz [-- --requests N --seed S]`: malformed requests over every route (scripts/fuzz-run.ts),
 * printing counts by status and by route. Exits 1 when any answer is a 5xx or an /api or /News
 * 4xx is not problem+json.
 */
import { runFuzz } from './fuzz-run.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isSafeInteger(v) && v > 0 ? v : fallback;
};
const requests = arg('requests', 10_000);
const seed = arg('seed', Date.now() % 100_000);
console.log(`fuzz: ${requests} malformed requests, seed ${seed}`);
const started = Date.now();
const report = await runFuzz({ requests, seed, log: (line) => console.log(`  ${line}`) });
console.log(`\n${report.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('by status:');
for (const [k, n] of Object.entries(report.byStatus).sort()) console.log(`  ${k.padEnd(5)} ${n}`);
console.log('by route:');
for (const [k, n] of Object.entries(report.byRoute).sort()) console.log(`  ${String(n).padStart(6)}  ${k}`);
console.log(
  report.failures.length
    ? `\nFAILED: ${report.failures.length} answers broke the rules (listed above)`
    : '\nOK: no 5xx; every /api and /News 4xx is problem+json',
);
process.exit(report.failures.length ? 1 : 0);
