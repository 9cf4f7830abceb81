import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

describe('OpenAPI document and docs UI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/api/docs/json is an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/News',
      '/News/slug/{slug}',
      '/api/admin/articles',
      '/api/admin/articles/{id}',
      '/api/admin/dashboard',
      '/healthz',
      '/readyz',
    ]) {
      expect(paths).toContain(p);
    }
    expect(paths.filter((p) => p.startsWith('/api/social/')).length).toBeGreaterThanOrEqual(4);
    expect(paths).not.toContain('/*');
    expect(paths.some((p) => p.startsWith('/oidc'))).toBe(false);
    // From the TypeBox schemas: the list query's parameters and the article's fields.
    const list = doc.paths['/News'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['category', 'count']));
    const ok = list.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(ok)).toContain('breakingNews');
    // Admin routes declare the bearer scheme.
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/admin/articles'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('every documented operation declares its success response (a body schema, or 204/3xx without one)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses ?? {};
        const declared = Object.entries(responses).some(
          ([code, response]) =>
            /^[23]/.test(code) && (response.content !== undefined || code === '204' || /^3/.test(code)),
        );
        if (!declared) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
    // The move to the trash answers 204, and says so.
    expect(Object.keys(doc.paths['/api/admin/articles/{id}']!.delete!.responses ?? {})).toContain('204');
  });

  it('/api/docs serves Swagger UI from this server (no CDN) with its own CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/(src|href)="https?:\/\//);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'/);
    // Every directive once: a browser obeys only the first of two, so a repeated one is a trap.
    const names = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/)[0])
      .filter(Boolean);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("frame-ancestors 'self'");
    // Styles, fonts and pictures from this server only: no other host, not even the validator badge's.
    expect(csp).not.toMatch(/https:|validator\.swagger\.io/);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).not.toMatch(/style-src [^;]*'unsafe-inline'/);
    const asset = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body.length).toBeGreaterThan(100_000);
  });

  it('/api/docs is named for the site and adds its accessible theme (no top bar, its style sheet and script)', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/api/docs/' })).body;
    expect(html).toContain(`<title>${t.config.siteName} API</title>`);
    for (const [file, type] of [
      ['accessible.css', 'text/css'],
      ['accessible.js', 'javascript'],
    ]) {
      expect(html).toContain(`./static/theme/${file}`);
      const res = await t.app.inject({ method: 'GET', url: `/api/docs/static/theme/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toContain(type);
    }
    const init = (await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })).body;
    expect(init).toContain('"layout":"BaseLayout"');
  });

  it('the public pages keep their strict policy (no unsafe-inline scripts)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});
