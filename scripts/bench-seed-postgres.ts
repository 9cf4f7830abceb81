// Seeds the benchmark's articles straight inside PostgreSQL (INSERT ... SELECT generate_series), in
// chunks of 100,000 rows: a million rows in well under a minute instead of ten through the driver.
// Same shape as bench-seed.ts: all six categories in turn, ~5% breaking, ~10% drafts, created over
// the last two years, realistic text sizes; deterministic (setseed). Then VACUUM ANALYZE, so the
// planner has statistics and index-only scans find an up-to-date visibility map, and a CHECKPOINT.
import { sql } from 'kysely';
import type { Db } from '../server/src/db/index.ts';
import { REBUILD_ARTICLE_COUNTS } from '../server/src/db/migrations/003-admin.ts';
import { REBUILD_ARTICLE_HOUR_COUNTS } from '../server/src/db/migrations/005-dashboard-counts.ts';
import { REBUILD_ARTICLE_SEARCH_PG } from '../server/src/db/migrations/014-search.ts';
import type { SeedResult } from './bench-seed.ts';

const CHUNK = 100_000;

export async function seedBenchArticlesPostgres(
  database: Db,
  count: number,
  onProgress?: (done: number) => void,
): Promise<SeedResult> {
  if (database.dialect !== 'postgres') throw new Error('seedBenchArticlesPostgres needs a PostgreSQL database');
  const started = performance.now();
  const now = new Date().toISOString();
  let done = 0;
  await database.db.connection().execute(async (conn) => {
    // Bulk work: no statement time limit on this session (the app's pool keeps its own).
    await sql`set statement_timeout = 0`.execute(conn);
    // Row triggers (article_counts, article_hour_counts) off for the bulk insert when allowed
    // (superuser); the counts are then rebuilt below, exactly as migrations 003 and 005 build them.
    const triggersOff = await sql`set session_replication_role = replica`.execute(conn).then(
      () => true,
      () => false,
    );
    await sql`select setseed(0.20260101)`.execute(conn);
    while (done < count) {
      const from = done + 1;
      const to = Math.min(done + CHUNK, count);
      await sql`
        insert into articles (headline, slug, summary, content, author, category_id, source, editor_name, rating,
                              comments, image_url, original_url, is_breaking, published_at, created_at, updated_at)
        select
          'Council Leader Blames Heatwave On Pet Goose In Scandal No. ' || g,
          'council-leader-blames-heatwave-on-pet-goose-in-scandal-no-' || g,
          'Sources close to the minister allegedly refused comment on the leaked memo, insiders claimed tonight. Witnesses denied everything.',
          repeat('Officials said the committee would meet late at night to discuss the bizarre statement about public money and expenses. ', 12 + (random() * 20)::int),
          (array['Gideon Spleen','Marjorie Blunt','Rex Tattle','Priya Scoop','Des Grubb','Hattie Snoop','Bo Gussett','Fenella Fibb'])[1 + (random() * 7)::int],
          1 + ((g - 1) % 6),
          (array['Unnamed Insider','Leaked WhatsApp','Pub Landlord','Anonymous Pigeon','Freedom of Information','A Bloke Called Dave'])[1 + (random() * 5)::int],
          (array['Night Desk','Sub-Editor Sid','Vera Redline','The Managing Editor'])[1 + (random() * 3)::int],
          (random() * 10)::int,
          case when random() < 0.5 then 'Insiders claimed the scandal was bigger than reported.' else '' end,
          case when random() < 0.6 then '/images/bench/' || (1 + g % 24) || '.webp' else '' end,
          case when random() < 0.5 then 'https://example.com/original/' || g else '' end,
          case when random() < 0.05 then 1 else 0 end,
          case when d.draft then null else to_char((d.created + interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
          to_char(d.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          to_char((d.created + interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from generate_series(${from}::int, ${to}::int) as g
        cross join lateral (
          select ${now}::timestamptz - random() * interval '730 days' + (g * 0)::int * interval '0 s' as created,
                 random() < 0.1 + (g * 0) as draft
        ) d
      `.execute(conn);
      done = to;
      onProgress?.(done);
    }
    if (triggersOff) {
      await sql`set session_replication_role = default`.execute(conn);
      await sql`delete from article_counts`.execute(conn);
      await REBUILD_ARTICLE_COUNTS.execute(conn);
      await sql`delete from article_hour_counts`.execute(conn);
      await REBUILD_ARTICLE_HOUR_COUNTS.execute(conn);
      await REBUILD_ARTICLE_SEARCH_PG.execute(conn);
    }
    await sql`vacuum analyze articles`.execute(conn);
    await sql`analyze article_counts, article_hour_counts, article_search`.execute(conn).catch(() => undefined);
    // Write the load's ~1.5 GB of dirty pages out now (superuser or pg_checkpoint), so the next
    // checkpoint does not land in the middle of the first measured scenario.
    await sql`checkpoint`.execute(conn).catch(() => undefined);
  });
  return { inserted: done, ms: Math.round(performance.now() - started) };
}
