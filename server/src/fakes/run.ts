/**
 * Dev mode: `npm run fakes` starts the fake X, Facebook and IndexNow on fixed local ports and prints the
 * environment to start the site against them (see server/src/fakes/README.md).
 */
import { startDevFakes } from './dev-fakes.ts';

const { x, fb, indexNow, startCommand, indexNowEnv, close } = await startDevFakes();

console.log(`fake X        ${x.baseUrl} (registered callbacks: ${x.redirectUris.join(', ')})`);
console.log(`fake Facebook ${fb.graphUrl}`);
console.log(`fake IndexNow ${indexNow.endpoint}\n`);
console.log('Start the site with:');
console.log(`  ${startCommand}\n`);
console.log('To send IndexNow notifications to the fake too, put these in front of it:');
console.log(`  ${indexNowEnv}\n`);
console.log('Short-lived Facebook tokens to paste (a new one every time you press Enter):');
console.log(`  ${fb.issueShortLivedToken()}`);
process.stdin.on('data', () => console.log(`  ${fb.issueShortLivedToken()}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void close().then(() => process.exit(0));
  });
}
