import crypto from 'node:crypto';
import { startFakeFacebook } from './facebook.ts';
import { startFakeIndexNow } from './indexnow.ts';
import { startFakeX } from './x.ts';

/**
 * What `npm run fakes` starts: the fake X, Facebook and IndexNow endpoint, with the site's X callback registered at
 * every address the README and a default start use (localhost and 127.0.0.1 on port 3000, the
 * Vite dev server, and FAKES_SITE_URL or PUBLIC_URL when set), and the command that starts the
 * site against them (and the variables that add IndexNow to it).
 */
export async function startDevFakes(env: NodeJS.ProcessEnv = process.env) {
  const sites = new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://localhost:5173']);
  for (const url of [env.FAKES_SITE_URL, env.PUBLIC_URL]) if (url?.trim()) sites.add(url.trim().replace(/\/+$/, ''));
  const x = await startFakeX({
    port: Number(env.FAKE_X_PORT ?? 4010),
    redirectUris: [...sites].map((s) => `${s}/`),
  });
  const fb = await startFakeFacebook({ port: Number(env.FAKE_FACEBOOK_PORT ?? 4011) });
  const indexNow = await startFakeIndexNow({ port: Number(env.FAKE_INDEXNOW_PORT ?? 4012) });
  // IndexNow needs the site's public address (the URLs and the key file are on it): added to the command
  // by whoever wants search-engine notifications in dev mode.
  const indexNowEnv =
    `PUBLIC_URL=${env.PUBLIC_URL?.trim() || 'http://localhost:3000'} ` +
    `INDEXNOW_KEY=${crypto.randomBytes(16).toString('hex')} INDEXNOW_ENDPOINT=${indexNow.endpoint}`;
  const startCommand =
    `X_CLIENT_ID=${x.clientId} X_CLIENT_SECRET=${x.clientSecret} X_AUTHORIZE_URL=${x.baseUrl}/i/oauth2/authorize X_API_URL=${x.baseUrl} \\\n` +
    `  FACEBOOK_APP_ID=${fb.appId} FACEBOOK_APP_SECRET=${fb.appSecret} FACEBOOK_PAGE_ID=${fb.pageId} FACEBOOK_GRAPH_URL=${fb.graphUrl} npm start`;
  return {
    x,
    fb,
    indexNow,
    startCommand,
    indexNowEnv,
    close: () => Promise.all([x.close(), fb.close(), indexNow.close()]),
  };
}
