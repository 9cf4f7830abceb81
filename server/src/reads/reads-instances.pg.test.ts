import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hourOf } from '../repositories/article-reads.ts';
import { freePort } from '../test-support/auth-test-app.ts';
import { insertArticle, daysAgo } from '../test-support/admin-articles.ts';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../test-support/postgres-databases.ts';
import { startInstance, type Instance } from '../test-support/postgres-instances.ts';
import { startNginxFront, type NginxFront } from '../test-support/nginx-front.ts';

// Read counts with several instances on one PostgreSQL database (decision 049): each counts its own
// readers and adds its counts to the same hourly rows, at the same moment too, and the sums stay right;
// behind the shipped nginx, one reader's reads reach one instance. Two instances and nginx in front.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let pg: TestPostgresDatabase;
let a: Instance;
let b: Instance;
let nginx: NginxFront;

beforeAll(async () => {
  pg = await createTestPostgresDatabase();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  [a, b] = await Promise.all([startInstance(pg.url, publicUrl, {}, port), startInstance(pg.url, publicUrl)]);
  nginx = await startNginxFront([a.origin.replace('http://', ''), b.origin.replace('http://', '')]);
});
afterAll(async () => {
  await nginx?.stop();
  await a?.close();
  await b?.close();
  await pg?.drop();
});

describe('two instances count reads into the same rows', () => {
  const read = (instance: Instance, articleId: number, address: string) =>
    instance.app.inject({
      method: 'POST',
      url: '/News/reads',
      remoteAddress: address,
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      payload: JSON.stringify({ articleId }),
    });

  it('adds both instances’ counts, written at once, to one row per hour', async () => {
    const story = await insertArticle(a.database.db, { published_at: daysAgo(1) });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 20; i++) {
        expect((await read(a, story.id, `198.51.100.${round * 20 + i + 1}`)).statusCode).toBe(204);
        expect((await read(b, story.id, `203.0.113.${round * 20 + i + 1}`)).statusCode).toBe(204);
      }
      await Promise.all([a.app.articleReads.flush(), b.app.articleReads.flush()]);
    }
    const rows = await a.database.db
      .selectFrom('article_reads')
      .selectAll()
      .where('article_id', '=', story.id)
      .execute();
    // The hour's row (two hours' only if the test ran across an hour's end) holds every read.
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.every((r) => r.hour <= hourOf(new Date()))).toBe(true);
    expect(rows.reduce((n, r) => n + Number(r.reads), 0)).toBe(120);
    const list = await b.app.inject({ method: 'GET', url: '/News/most-read' });
    expect(list.json().articles.map((s: { id: number }) => s.id)).toEqual([story.id]);
  });
});

describe('behind the shipped nginx, a reader counts once whichever instance answers their pages', () => {
  it('the beacon and the image of one address reach one instance, so its 30 minutes hold across instances', async () => {
    const story = await insertArticle(a.database.db, { published_at: daysAgo(1) });
    const headers = { 'user-agent': BROWSER };
    // What reaches each instance, by path.
    const reached = new Map<Instance, string[]>([
      [a, []],
      [b, []],
    ]);
    for (const instance of [a, b])
      instance.app.server.on('request', (req: { url?: string }) => reached.get(instance)!.push(req.url ?? ''));
    const count = (instance: Instance, prefix: string) =>
      reached.get(instance)!.filter((url) => url.startsWith(prefix)).length;

    // Pages go round robin: four lists nginx has not kept, two to each instance.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${nginx.baseUrl}/News?count=1&n=${i}`, { headers });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    expect([count(a, '/News?'), count(b, '/News?')]).toEqual([2, 2]);

    // Four showings of the story by one reader, by beacon and by image, as reloads or returns would.
    for (let i = 0; i < 4; i++) {
      const res =
        i % 2 === 0
          ? await fetch(`${nginx.baseUrl}/News/reads`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ articleId: story.id }),
            })
          : await fetch(`${nginx.baseUrl}/News/reads/${story.id}`, { headers });
      expect(res.status).toBeLessThan(300);
      await res.arrayBuffer();
    }
    expect([count(a, '/News/reads'), count(b, '/News/reads')].sort()).toEqual([0, 4]);
    await Promise.all([a.app.articleReads.flush(), b.app.articleReads.flush()]);
    const rows = await a.database.db
      .selectFrom('article_reads')
      .select('reads')
      .where('article_id', '=', story.id)
      .execute();
    expect(rows.reduce((n, r) => n + Number(r.reads), 0)).toBe(1);
  });
});
