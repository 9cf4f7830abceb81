/**
 * Dev mode: `npm run fakes` starts the fake X and Facebook on fixed local ports and prints the
 * environment to start the site against them (see server/src/fakes/README.md).
 */
import { startDevFakes } from './dev-fakes.ts';

const { x, fb, startCommand, close } = await startDevFakes();

console.log(`fake X        ${x.baseUrl} (registered callbacks: ${x.redirectUris.join(', ')})`);
console.log(`fake Facebook ${fb.graphUrl}\n`);
console.log('Start the site with:');
console.log(`  ${startCommand}\n`);
console.log('Short-lived Facebook tokens to paste (a new one every time you press Enter):');
console.log(`  ${fb.issueShortLivedToken()}`);
process.stdin.on('data', () => console.log(`  ${fb.issueShortLivedToken()}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void close().then(() => process.exit(0));
  });
}
