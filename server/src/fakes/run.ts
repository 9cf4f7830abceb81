/**
 * Dev mode: `npm run fakes` starts the fake X and Facebook on fixed local ports and prints the
 * environment to start the site against them (see server/src/fakes/README.md).
 */
import { startFakeFacebook } from './facebook.ts';
import { startFakeX } from './x.ts';

const siteUrl = (process.env.FAKES_SITE_URL ?? process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const x = await startFakeX({
  port: Number(process.env.FAKE_X_PORT ?? 4010),
  redirectUris: [`${siteUrl}/`, 'http://localhost:5173/'],
});
const fb = await startFakeFacebook({ port: Number(process.env.FAKE_FACEBOOK_PORT ?? 4011) });

console.log(`fake X        ${x.baseUrl} (registered callbacks: ${x.redirectUris.join(', ')})`);
console.log(`fake Facebook ${fb.graphUrl}\n`);
console.log('Start the site with:');
console.log(
  `  X_CLIENT_ID=${x.clientId} X_CLIENT_SECRET=${x.clientSecret} X_AUTHORIZE_URL=${x.baseUrl}/i/oauth2/authorize X_API_URL=${x.baseUrl} \\`,
);
console.log(
  `  FACEBOOK_APP_ID=${fb.appId} FACEBOOK_APP_SECRET=${fb.appSecret} FACEBOOK_PAGE_ID=${fb.pageId} FACEBOOK_GRAPH_URL=${fb.graphUrl} npm run dev\n`,
);
console.log('Short-lived Facebook tokens to paste (a new one every time you press Enter):');
console.log(`  ${fb.issueShortLivedToken()}`);
process.stdin.on('data', () => console.log(`  ${fb.issueShortLivedToken()}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    void Promise.all([x.close(), fb.close()]).then(() => process.exit(0));
  });
}
