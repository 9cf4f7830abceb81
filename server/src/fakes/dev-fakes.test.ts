import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevFakes } from './dev-fakes.ts';

describe('npm run fakes', () => {
  let fakes: Awaited<ReturnType<typeof startDevFakes>>;
  beforeAll(async () => {
    fakes = await startDevFakes({ FAKE_X_PORT: '0', FAKE_FACEBOOK_PORT: '0', FAKE_INDEXNOW_PORT: '0' });
  });
  afterAll(() => fakes.close());

  it('registers the X callback at the address the README opens, and 127.0.0.1', () => {
    expect(fakes.x.redirectUris).toEqual(expect.arrayContaining(['http://localhost:3000/', 'http://127.0.0.1:3000/']));
  });

  it('the X authorize page accepts the README address as redirect_uri', async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: fakes.x.clientId,
      redirect_uri: 'http://localhost:3000/',
      scope: 'tweet.read users.read',
      state: 's',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await fetch(`${fakes.x.baseUrl}/i/oauth2/authorize?${q}`, { redirect: 'manual' });
    expect(await res.text()).not.toMatch(/redirect_uri does not match/i);
    expect(res.status).toBeLessThan(400);
  });

  it('prints the command that starts the built site: npm start', () => {
    expect(fakes.startCommand.trimEnd()).toMatch(/ npm start$/);
    expect(fakes.startCommand).not.toContain('npm run dev');
    expect(fakes.startCommand).toContain(`X_API_URL=${fakes.x.baseUrl}`);
  });
});
