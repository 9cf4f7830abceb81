import { legacyTextToBody } from '../../../common/body/legacy.ts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresPool } from '../db/postgres-pool.ts';
import { withPreparedStatements } from '../db/prepared-statements.ts';
import type { ArticleRow, Database, NewArticleRow } from '../db/schema.ts';
import { PLATFORMS, SHARE_JOB } from '../sharing/share-service.ts';
import { insertArticle } from '../test-support/admin-articles.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { AdminArticlesRepository, type WriteResult } from './admin-articles.ts';
import type { Actor } from './audit-log.ts';
import { insertPlaceholderToken } from '../test-support/social-tokens.ts';

// The editorial writes of AdminArticlesRepository, the same statements on SQLite (api) and
// PostgreSQL (api-pg): every action, accepted or refused for each of its reasons, answers as the rule
// says and writes exactly its rows (a refusal nothing at all); racing writes of one article are
// serialised (one wins, the others are refused by the rule or as stale). On PostgreSQL the statements
// sent (each a round trip) are counted.

let env: TestApp;
let counted: Kysely<Database>;
/** Every statement the counted connections sent (BEGIN and COMMIT too). */
const statements: string[] = [];
const postgres = () => env.database.dialect === 'postgres';
const EDITOR: Actor = { subject: 'editor-1', name: 'Ed Itor' };
const PERSONA = 'The Daily Smear';
/** The one instant of every write here. */
const NOW = new Date('2026-11-27T10:00:00.000Z');
const LONG_AGO = '2026-09-01T08:00:00.000Z';
const RECENTLY = '2026-11-20T08:00:00.000Z';

beforeAll(async () => {
  env = await createTestApp({ env: { SHARE_JOBS_ENABLED: 'false' } });
  if (postgres()) {
    const pool = await createPostgresPool({
      connectionString: env.database.connectionString!,
      // Enough connections for the racing writes below to wait for each other's row lock.
      max: 6,
      statementTimeoutMs: 10_000,
    });
    counted = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
  }
  // X and Facebook connected: a publish queues a share and a job on each (on PostgreSQL, pg-boss).
  for (const platform of PLATFORMS) {
    await insertPlaceholderToken(env.database.db, PERSONA, platform, LONG_AGO);
  }
});

afterAll(async () => {
  vi.useRealTimers();
  await counted?.destroy();
  await env?.close();
});

/** The repository as the app builds it (on PostgreSQL over connections whose statements are counted). */
function repository() {
  const shares = env.app.articleShares;
  const db = postgres() ? counted : env.database.db;
  return new AdminArticlesRepository(
    db,
    env.database.dialect,
    shares.onPublished.bind(shares),
    shares.onArticleChanged.bind(shares),
  );
}

/** An article as a scenario starts it (the same headline, times and state for both ways). */
function article(overrides: Partial<NewArticleRow> = {}) {
  return insertArticle(env.database.db, {
    headline: 'Mayor declares the town hall a listed pothole',
    created_at: LONG_AGO,
    updated_at: LONG_AGO,
    ...overrides,
  });
}

type Action = (repo: AdminArticlesRepository, id: number) => Promise<WriteResult<string>>;

interface Scenario {
  name: string;
  /** The article before the action; null: an id that does not exist. */
  start: Partial<NewArticleRow> | null;
  act: Action;
  /** What the action must answer (the article's own fields checked where given). */
  expect: { ok: true; article?: Record<string, unknown> } | Record<string, unknown>;
  /** Statements of the action's own after the trail (an edit of a draft's slug releases the new slug). */
  more?: string[];
  /**
   * It changes what the rule of what is posted reads (published, in the Trash, the share choice): the
   * share work looks for queued posts to withdraw (decision 024).
   */
  rule?: true;
}

const published = { published_at: LONG_AGO };
const trashed = (at: string) => ({ deleted_at: at, trashed_published_at: LONG_AGO });

const SCENARIOS: Scenario[] = [
  {
    name: 'publish a draft',
    start: {},
    act: (r, id) => r.publish(id, EDITOR),
    expect: { ok: true, article: { status: 'published', publishedAt: NOW.toISOString(), version: 2 } },
  },
  {
    name: 'publish a scheduled draft (its schedule goes)',
    start: { publish_at: '2026-12-01T08:00:00.000Z' },
    act: (r, id) => r.publish(id, EDITOR),
    expect: { ok: true, article: { status: 'published', publishAt: null } },
  },
  {
    name: 'publish a published article',
    start: published,
    act: (r, id) => r.publish(id, EDITOR),
    expect: { ok: false, reason: 'already-published' },
  },
  {
    name: 'publish an article in the trash',
    start: trashed(RECENTLY),
    act: (r, id) => r.publish(id, EDITOR),
    expect: { ok: false, reason: 'deleted', deletedAt: RECENTLY },
  },
  {
    name: 'publish an article that does not exist',
    start: null,
    act: (r, id) => r.publish(id, EDITOR),
    expect: { ok: false, reason: 'not-found' },
  },
  {
    name: 'unpublish',
    start: published,
    act: (r, id) => r.unpublish(id, EDITOR),
    expect: { ok: true, article: { status: 'draft', publishedAt: null } },
    rule: true,
  },
  {
    name: 'unpublish a draft',
    start: {},
    act: (r, id) => r.unpublish(id, EDITOR),
    expect: { ok: false, reason: 'not-published' },
  },
  {
    name: 'schedule a draft',
    start: {},
    act: (r, id) => r.schedule(id, '2026-12-24T18:00:00.000Z', EDITOR),
    expect: { ok: true, article: { status: 'scheduled', publishAt: '2026-12-24T18:00:00.000Z' } },
  },
  {
    name: 'schedule a published article',
    start: published,
    act: (r, id) => r.schedule(id, '2026-12-24T18:00:00.000Z', EDITOR),
    expect: { ok: false, reason: 'already-published' },
  },
  {
    name: 'unschedule',
    start: { publish_at: '2026-12-01T08:00:00.000Z' },
    act: (r, id) => r.unschedule(id, EDITOR),
    expect: { ok: true, article: { status: 'draft', publishAt: null } },
  },
  {
    name: 'unschedule a draft',
    start: {},
    act: (r, id) => r.unschedule(id, EDITOR),
    expect: { ok: false, reason: 'not-scheduled' },
  },
  {
    name: 'change the category',
    start: { category_id: 1 },
    act: (r, id) => r.changeCategory(id, 2, EDITOR),
    expect: { ok: true, article: { categoryId: 2 } },
  },
  {
    name: 'change to the same category',
    start: { category_id: 1 },
    act: (r, id) => r.changeCategory(id, 1, EDITOR),
    expect: { ok: false, reason: 'same-category' },
  },
  {
    name: 'change the category of an article in the trash',
    start: trashed(RECENTLY),
    act: (r, id) => r.changeCategory(id, 2, EDITOR),
    expect: { ok: false, reason: 'deleted', deletedAt: RECENTLY },
  },
  {
    name: 'delete a published article (its publication date kept for a restore)',
    start: published,
    act: (r, id) => r.delete(id, EDITOR),
    expect: { ok: true, article: { deletedAt: NOW.toISOString(), publishedAt: null } },
    rule: true,
  },
  {
    name: 'delete an article in the trash',
    start: trashed(RECENTLY),
    act: (r, id) => r.delete(id, EDITOR),
    expect: { ok: false, reason: 'already-deleted' },
  },
  {
    name: 'restore from the trash (published again)',
    start: trashed(RECENTLY),
    act: (r, id) => r.restoreFromTrash(id, EDITOR, NOW),
    expect: { ok: true, article: { deletedAt: null, publishedAt: LONG_AGO, status: 'published' } },
    rule: true,
  },
  {
    name: 'restore an article that is not in the trash',
    start: {},
    act: (r, id) => r.restoreFromTrash(id, EDITOR, NOW),
    expect: { ok: false, reason: 'not-deleted' },
  },
  {
    name: 'restore after the retention',
    start: trashed(LONG_AGO),
    act: (r, id) => r.restoreFromTrash(id, EDITOR, NOW),
    expect: { ok: false, reason: 'expired' },
  },
  {
    name: 'edit at the current version',
    start: { version: 3, updated_by: 'Someone Else' },
    act: (r, id) => r.edit(id, edit(), EDITOR, 3),
    expect: { ok: true, article: { headline: 'Pothole protected', version: 4, updatedBy: 'Ed Itor' } },
    more: ['slug'],
    // Its Post to X turned off.
    rule: true,
  },
  {
    name: 'edit at a stale version (who changed it and when)',
    start: { version: 3, updated_by: 'Someone Else', updated_at: RECENTLY },
    act: (r, id) => r.edit(id, edit(), EDITOR, 2),
    expect: { ok: false, reason: 'stale', currentVersion: 3, changedBy: 'Someone Else', changedAt: RECENTLY },
  },
  {
    name: 'edit an article in the trash',
    start: { ...trashed(RECENTLY), version: 3 },
    act: (r, id) => r.edit(id, edit(), EDITOR, 3),
    expect: { ok: false, reason: 'deleted', deletedAt: RECENTLY },
  },
  {
    name: 'edit an article that does not exist',
    start: null,
    act: (r, id) => r.edit(id, edit(), EDITOR, 1),
    expect: { ok: false, reason: 'not-found' },
  },
];

function edit() {
  return {
    headline: 'Pothole protected',
    slug: 'pothole-protected',
    summary: 'Listed.',
    body: legacyTextToBody('The pothole stays.'),
    content: 'The pothole stays.',
    author: 'Staff Hack',
    categoryId: 3,
    source: 'Wire',
    editorName: 'Desk Editor',
    rating: 7,
    comments: '',
    imageUrl: '',
    originalUrl: '',
    isBreaking: true,
    shareToX: false,
  };
}

/** Everything an action left behind for one article, its id written as "ID". */
async function written(id: number) {
  const db = env.database.db;
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  const audit = await db
    .selectFrom('audit_log')
    .select(['action', 'actor_subject', 'actor_name', 'at', 'before', 'after'])
    .where('article_id', '=', id)
    .orderBy('id')
    .execute();
  const revisions = await db
    .selectFrom('article_revisions')
    .select(['version', 'action', 'editor_subject', 'editor_name', 'at', 'changed_fields', 'snapshot', 'image_id'])
    .where('article_id', '=', id)
    .orderBy('id')
    .execute();
  const shares = await db
    .selectFrom('social_shares')
    .select(['platform', 'state', 'message', 'link', 'attempts', 'created_at'])
    .where('article_id', '=', id)
    .orderBy('platform')
    .execute();
  const jobs = (await env.app.jobs.list(SHARE_JOB))
    .filter((j) => j.payload.articleId === id)
    .sort((a, b) => String(a.payload.platform).localeCompare(String(b.payload.platform)));
  return withoutId({ row, audit, revisions, shares, jobs }, id);
}

/** The value with the article's id (as `id`, `article_id` or `articleId`, also inside JSON text) as "ID". */
function withoutId(value: unknown, id: number): unknown {
  // Inside JSON text (an audit row's before and after, a revision's snapshot) the quotes are escaped.
  const text = JSON.stringify(value ?? null).replace(
    /(\\*)"(id|article_id|articleId)\\*":(\d+)/g,
    (whole, q: string, key: string, n: string) => (Number(n) === id ? `${q}"${key}${q}":${q}"ID${q}"` : whole),
  );
  return JSON.parse(text) as unknown;
}

/** Runs a scenario: its answer, the rows before and after, and the statements sent. */
async function run(s: Scenario) {
  const start = s.start ? await article(s.start) : undefined;
  const id = start ? Number(start.id) : 2_000_000_000;
  const before = await written(id);
  statements.length = 0;
  const result = await s.act(repository(), id);
  const sent = [...statements];
  return { result: withoutId(result, id), before, after: await written(id), sent };
}

/** The kind of each statement sent, by its text. */
function kinds(sent: string[]): string[] {
  const named = sent.map((text) => {
    if (/^(begin|commit|rollback)$/i.test(text.trim())) return text.trim().toLowerCase();
    if (/pgboss/i.test(text)) return 'jobs';
    if (/insert into "?audit_log/i.test(text)) return 'audit';
    if (/insert into "?article_revisions/i.test(text)) return 'revision';
    if (/insert into "?social_shares/i.test(text)) return 'shares';
    if (/from "?social_shares/i.test(text)) return 'queued shares';
    if (text.includes('social_tokens')) return 'share choice';
    // Reading and writing the article's authors and tags (one or more statements in a row).
    if (/"(article_authors|article_tags|authors|tags|author_slug_redirects|tag_slug_redirects)"/.test(text))
      return 'links';
    if (text.includes('slug_redirects')) return 'slug';
    if (/for update/i.test(text)) return 'lock';
    if (/^update "articles"/i.test(text)) return 'update';
    return text.slice(0, 60);
  });
  return named.filter((kind, i) => kind !== 'links' || named[i - 1] !== 'links');
}

type Written = {
  row: Record<string, unknown> | undefined;
  audit: { action: string; actor_name: string; before: string | null; after: string | null }[];
  revisions: { action: string; version: number; editor_name: string }[];
  shares: { platform: string; state: string }[];
  jobs: unknown[];
};

describe('editorial writes: the same statements on both databases', () => {
  it('every action and refusal answers as its rule says and writes exactly its rows', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      for (const s of SCENARIOS) {
        const { result, before, after, sent } = await run(s);
        expect(result, s.name).toMatchObject(s.expect);
        const ok = (result as { ok: boolean }).ok;
        const isPublish = s.name.startsWith('publish');
        if (!ok) {
          // A refusal writes nothing.
          expect(after, s.name).toEqual(before);
        } else {
          const b = before as Written;
          const a = after as Written;
          const article = (result as { article: { version: number } }).article;
          expect(Number(a.row!.version), s.name).toBe(Number(b.row!.version) + 1);
          expect(Number(a.row!.version), s.name).toBe(article.version);
          expect(a.row!.updated_by, s.name).toBe(EDITOR.name);
          expect(a.row!.updated_at, s.name).toBe(NOW.toISOString());
          // One audit row (before and after as stored) and one revision, then a publish's shares.
          expect(a.audit.slice(0, 1), s.name).toMatchObject([{ actor_name: EDITOR.name }]);
          expect(JSON.parse(a.audit[0]!.before!), s.name).toMatchObject({ version: Number(b.row!.version) });
          expect(JSON.parse(a.audit[0]!.after!), s.name).toMatchObject({ version: article.version });
          expect(a.revisions, s.name).toMatchObject([{ version: article.version, editor_name: EDITOR.name }]);
          expect(
            a.audit.map((r) => r.action),
            s.name,
          ).toEqual(isPublish ? [a.audit[0]!.action, 'share-queued', 'share-queued'] : [a.audit[0]!.action]);
          expect(
            a.shares.map((r) => r.state),
            s.name,
          ).toEqual(isPublish ? ['queued', 'queued'] : []);
          expect(a.jobs, s.name).toHaveLength(isPublish ? 2 : 0);
        }
        if (!postgres()) continue;
        // The statements, each a round trip while the article's row is locked.
        const more = [...(s.rule ? ['queued shares'] : []), ...(s.more ?? [])];
        const want = !ok
          ? ['begin', 'lock', 'commit']
          : isPublish
            ? [
                'begin',
                'lock',
                'links',
                'update',
                'audit',
                'revision',
                'share choice',
                'shares',
                'audit',
                'jobs',
                'commit',
              ]
            : s.name.startsWith('edit')
              ? ['begin', 'lock', 'links', 'update', 'links', 'audit', 'revision', ...more, 'commit']
              : ['begin', 'lock', 'links', 'update', 'audit', 'revision', ...more, 'commit'];
        expect(kinds(sent), s.name).toEqual(want);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('a publish with no account connected reads the choice once and queues nothing', async () => {
    await env.database.db.deleteFrom('social_tokens').execute();
    try {
      const draft = await article();
      statements.length = 0;
      expect((await repository().publish(Number(draft.id), EDITOR)).ok).toBe(true);
      if (postgres())
        expect(kinds(statements)).toEqual([
          'begin',
          'lock',
          'links',
          'update',
          'audit',
          'revision',
          'share choice',
          'commit',
        ]);
      const rows = (await written(Number(draft.id))) as Written;
      expect(rows.audit.map((a) => a.action)).toEqual(['publish']);
      expect(rows.shares).toEqual([]);
      expect(rows.jobs).toEqual([]);
    } finally {
      for (const platform of PLATFORMS) {
        await insertPlaceholderToken(env.database.db, PERSONA, platform, LONG_AGO);
      }
    }
  });
});

describe('racing writes of one article', () => {
  it('publishes at once: one publishes, the others are refused as already published', async () => {
    const draft = await article();
    const repo = repository();
    const results = await Promise.all(Array.from({ length: 6 }, () => repo.publish(Number(draft.id), EDITOR)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(Array(5).fill({ ok: false, reason: 'already-published' }));
    const rows = (await written(Number(draft.id))) as Written;
    expect(rows.audit.filter((a) => a.action === 'publish')).toHaveLength(1);
    expect(rows.revisions).toHaveLength(1);
    expect(rows.jobs).toHaveLength(2);
  });

  it('edits from the same version at once: one is saved, the others are stale and name who saved', async () => {
    const start = await article({ version: 5 });
    const repo = repository();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        repo.edit(Number(start.id), edit(), { subject: `e${i}`, name: `Editor ${i}` }, 5),
      ),
    );
    const saved = results.filter((r) => r.ok);
    expect(saved).toHaveLength(1);
    const winner = saved[0]!.article;
    expect(winner.version).toBe(6);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(5).fill({
        ok: false,
        reason: 'stale',
        currentVersion: 6,
        changedBy: winner.updatedBy,
        changedAt: winner.updatedAt,
      }),
    );
  });
});

describe('a write that waited for another transaction holding the row (PostgreSQL)', () => {
  /**
   * Holds the article's row locked in another transaction, starts `writes` (which wait for the lock),
   * then makes `change` in that transaction and commits it; answers what the writes answered.
   */
  async function behindLock<T>(id: number, change: Partial<ArticleRow>, writes: () => Promise<T>[]): Promise<T[]> {
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const other = env.database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('articles').select('id').where('id', '=', id).forUpdate().execute();
      locked();
      await released;
      await trx.updateTable('articles').set(change).where('id', '=', id).execute();
    });
    await isLocked;
    const pending = writes();
    const waiting = () =>
      sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(env.database.db);
    for (let i = 0; i < 200 && (await waiting()).rows[0]!.n < pending.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await waiting()).rows[0]!.n).toBe(pending.length);
    release();
    await other;
    return Promise.all(pending);
  }

  it('sees the row as the other left it: published meanwhile, a stale version, who and when', async (ctx) => {
    if (!postgres()) ctx.skip();
    const draft = await article();
    const id = Number(draft.id);
    const repo = repository();
    const [publish, save] = await behindLock<WriteResult<string>>(
      id,
      { published_at: RECENTLY, version: 2, updated_by: 'Someone Else', updated_at: RECENTLY },
      () => [repo.publish(id, EDITOR), repo.edit(id, edit(), EDITOR, 1)],
    );
    expect(publish).toEqual({ ok: false, reason: 'already-published' });
    expect(save).toEqual({
      ok: false,
      reason: 'stale',
      currentVersion: 2,
      changedBy: 'Someone Else',
      changedAt: RECENTLY,
    });
    expect(((await written(id)) as { audit: unknown[] }).audit).toEqual([]);
  });

  it('a change that kept the version: the write goes on from the row as the other left it', async (ctx) => {
    if (!postgres()) ctx.skip();
    const draft = await article();
    const id = Number(draft.id);
    const [publish] = await behindLock(id, { share_message: 'Said meanwhile' }, () => [
      repository().publish(id, EDITOR),
    ]);
    expect(publish).toMatchObject({
      ok: true,
      before: { shareMessage: 'Said meanwhile', status: 'draft', version: 1 },
      article: { shareMessage: 'Said meanwhile', status: 'published', version: 2 },
    });
  });
});
