import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEARANCE_BOOT_SCRIPT, THEME_ATTRIBUTE } from '../../../common/admin-appearance.ts';
import { writeFakeDist } from '../test-support/fake-web-dist.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// The newsroom's theme before its first paint (decision 050): one inline script in the newsroom's
// <head>, allowed by its hash; public pages carry no theme.

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tabloid-appearance-dist-'));
  await writeFakeDist(distDir);
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
});
afterAll(async () => {
  await t?.close();
  if (distDir) await fs.rm(distDir, { recursive: true, force: true });
});

const scriptSrc = (csp: unknown) => /(?:^|;\s*)script-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];

describe('the newsroom shell', () => {
  it('sets the theme in its <head>, by the one inline script the policy allows by its hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/articles' });
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<script>${APPEARANCE_BOOT_SCRIPT}</script>`);
    expect(head).toContain(`<style>html[${THEME_ATTRIBUTE}='dark']`);
    const hash = createHash('sha256').update(APPEARANCE_BOOT_SCRIPT).digest('base64');
    const sources = scriptSrc(res.headers['content-security-policy']);
    expect(sources).toEqual(["'self'", `'sha256-${hash}'`]);
    // Exactly one inline script (the JSON config is data, not run).
    expect(res.body.match(/<script>/g)).toHaveLength(1);
  });

  it('a public page carries no theme script or style', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(THEME_ATTRIBUTE);
    expect(scriptSrc(res.headers['content-security-policy'])).not.toContain("'unsafe-inline'");
  });
});
