import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '../../../../common/notes-contract.ts';
import { PROJECT_ROOT } from '../../project-root.ts';
import { ssrBundleFile } from '../../rendering/ssr-bundle.ts';
import { readArticlesById } from '../../repositories/article-transfer.ts';
import { AdminArticlesRepository } from '../../repositories/admin-articles.ts';
import { ArticleNotesRepository } from '../../repositories/article-notes.ts';
import { auditFor } from '../../repositories/audit-log.ts';
import { expectProblem } from '../../test-support/problem-assertions.ts';
import { queryPlan, statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Notes on an article (decision 058) through the admin API: adding, listing, resolving and reopening,
 * deleting one's own, the refusals, the audit rows, the cascade on delete for good, and that nothing readers reach carries a
 * note (SQLite in `api`, PostgreSQL in `api-pg`).
 */
const WEB_DIST = process.env.WEB_DIST_DIR || path.join(PROJECT_ROOT, 'dist/web');

let t: TestApp;
let nora: { authorization: string };
let otto: { authorization: string };

beforeAll(async () => {
  if (!fs.existsSync(ssrBundleFile(WEB_DIST)))
    throw new Error('build the front end first: npx vite build --config web/vite.config.ts');
  t = await createTestApp({
    env: { WEB_DIST_DIR: WEB_DIST, SITE_NAME: 'The Daily Smear', PUBLIC_URL: 'https://smear.example' },
  });
  nora = { authorization: await t.bearer({ sub: 'editor-nora', name: 'Nora Notes' }) };
  otto = { authorization: await t.bearer({ sub: 'editor-otto', name: 'Otto Other' }) };
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
  t.app.newsCache.clear();
});

const HEADLINE = 'Mayor Swaps Town Hall For Bouncy Castle';
/** A text no reader may ever see: looked for in every public answer. */
const SECRET = 'Zebracorn-7731: check the quote with legal before 6pm';

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who: { authorization: string } = nora,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...who, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function create(fields: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/articles', {
    headline: HEADLINE,
    summary: 'Council meetings will now be held on an inflatable.',
    content: 'The castle has a moat of foam.',
    category: 'Politics',
    published: true,
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; slug: string; version: number };
}

const notes = (id: number) => `/api/admin/articles/${id}/notes`;
const add = (id: number, text: string, who = nora) => call('POST', notes(id), { text }, who);
const list = async (id: number, who = nora) => {
  const res = await call('GET', notes(id), undefined, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notes as Pick<Note, 'id' | 'text' | 'createdAt' | 'createdBy' | 'mine' | 'resolved'>[];
};

describe('resolving a note', () => {
  const resolve = (id: number, noteId: number, resolved: unknown, who = nora) =>
    call('PATCH', `${notes(id)}/${noteId}`, { resolved }, who);

  it('lets any editor resolve a note and reopen it, audited once each; the article is untouched', async () => {
    const a = await create();
    const n = (await add(a.id, 'Check the quote with legal before 6pm')).json();
    expect(n.resolved).toBeNull();
    const before = Date.now();
    // A colleague did what it asked.
    const done = await resolve(a.id, n.id, true, otto);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: n.id, text: 'Check the quote with legal before 6pm', mine: false });
    expect(done.json().resolved.by).toBe('Otto Other');
    expect(Date.parse(done.json().resolved.at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list(a.id)).map((x) => x.resolved)).toEqual([done.json().resolved]);
    // Resolving it again changes nothing: the first resolution stands, no second audit row.
    const again = await resolve(a.id, n.id, true, nora);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().resolved).toEqual(done.json().resolved);
    // Reopened by its author.
    const reopened = await resolve(a.id, n.id, false);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().resolved).toBeNull();
    expect((await resolve(a.id, n.id, false)).json().resolved).toBeNull();

    const rows = (await auditFor(t.database.db, a.id)).filter((r) => r.action.startsWith('note-'));
    expect(rows.map((r) => [r.action, r.actor_name])).toEqual([
      ['note-add', 'Nora Notes'],
      ['note-resolve', 'Otto Other'],
      ['note-reopen', 'Nora Notes'],
    ]);
    expect(JSON.parse(rows[1]!.after!)).toEqual({ headline: HEADLINE, noteId: n.id, resolved: true });
    expect(JSON.stringify(rows)).not.toContain('legal before');
    const article = (await call('GET', `/api/admin/articles/${a.id}`)).json();
    expect(article.version).toBe(a.version);
  });

  it("leaves the Dashboard's Latest notes once resolved, and is back there reopened", async () => {
    const a = await create();
    const n = (await add(a.id, 'For the desk')).json();
    const m = (await add(a.id, 'Plain note')).json();
    const dashboard = async (who = nora) => (await call('GET', '/api/admin/dashboard', undefined, who)).json();
    expect((await dashboard()).latestNotes.map((x: { id: number }) => x.id)).toEqual([m.id, n.id]);
    expect((await resolve(a.id, m.id, true)).statusCode).toBe(200);
    expect((await dashboard()).latestNotes.map((x: { id: number }) => x.id)).toEqual([n.id]);
    expect((await resolve(a.id, m.id, false)).statusCode).toBe(200);
    expect((await dashboard()).latestNotes.map((x: { id: number }) => x.id)).toEqual([m.id, n.id]);
  });

  it('refuses a body it cannot read (400), an unknown note (404) and an article in the Trash (409), changing nothing', async () => {
    const a = await create();
    const n = (await add(a.id, 'Open')).json();
    for (const body of [{}, { resolved: 'yes' }, { resolved: true, text: 'x' }]) {
      const res = await call('PATCH', `${notes(a.id)}/${n.id}`, body);
      expectProblem(res, 400);
    }
    expectProblem(await resolve(a.id, n.id + 1000, true), 404);
    expectProblem(await resolve(a.id + 1000, n.id, true), 404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `${notes(a.id)}/${n.id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ resolved: true }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/articles/${a.id}`)).statusCode).toBeLessThan(300);
    expectProblem(await resolve(a.id, n.id, true), 409);
    expect((await list(a.id)).map((x) => x.resolved)).toEqual([null]);
  });
});

describe("All Articles' count of open notes", () => {
  const openNotesByHeadline = async () => {
    const res = await call('GET', '/api/admin/articles?pageSize=50');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().articles as { headline: string; openNotes: number }[];
    return Object.fromEntries(rows.map((r) => [r.headline, r.openNotes]));
  };

  it('says how many notes are open on each row; a resolved or deleted note leaves the count, a reopened one is back', async () => {
    const a = await create({ headline: 'Goose Elected To Parish Council' });
    const b = await create({ headline: 'Swan Demands Recount' });
    await create({ headline: 'Heron Keeps Quiet' });
    const first = (await add(a.id, 'Check the minutes')).json();
    const second = (await add(a.id, 'Photo credit?', otto)).json();
    await add(b.id, 'Legal to read');
    // A reply is part of its note, not a note apart.
    expect((await call('POST', notes(a.id), { text: 'On it', replyTo: second.id })).statusCode).toBe(201);
    expect(await openNotesByHeadline()).toEqual({
      'Goose Elected To Parish Council': 2,
      'Swan Demands Recount': 1,
      'Heron Keeps Quiet': 0,
    });
    expect((await call('PATCH', `${notes(a.id)}/${first.id}`, { resolved: true })).statusCode).toBe(200);
    expect((await call('DELETE', `${notes(b.id)}/${(await list(b.id))[0]!.id}`)).statusCode).toBe(204);
    expect(await openNotesByHeadline()).toMatchObject({
      'Goose Elected To Parish Council': 1,
      'Swan Demands Recount': 0,
    });
    expect((await call('PATCH', `${notes(a.id)}/${first.id}`, { resolved: false }, otto)).statusCode).toBe(200);
    expect((await call('PATCH', `${notes(a.id)}/${second.id}`, { resolved: true })).statusCode).toBe(200);
    expect((await openNotesByHeadline())['Goose Elected To Parish Council']).toBe(1);
  });

  it("counts a page's rows in one statement from the index of notes by article", async () => {
    const articles = await Promise.all(Array.from({ length: 30 }, (_, i) => create({ headline: `Story ${i}` })));
    for (const a of articles.slice(0, 10)) await add(a.id, 'A note');
    const ids = articles.map((a) => a.id);
    const statements = await statementsOf(t.database, (db) =>
      new ArticleNotesRepository(db, t.database.dialect, null).openCounts(ids),
    );
    expect(statements).toHaveLength(1);
    const plan = (await queryPlan(t.database, statements[0]!)).join('\n');
    // By article: the index of every note, or that of the open ones alone (migration 062).
    if (t.database.dialect === 'sqlite') {
      expect(plan).toMatch(
        /SEARCH article_notes USING (COVERING )?INDEX article_notes_(article|open)_idx \(article_id=\?\)/,
      );
      expect(plan).not.toMatch(/SCAN article_notes\b/);
    } else {
      expect(plan).toMatch(/Index (Only )?Scan using article_notes_(article|open)_idx on article_notes/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });

  const listed = async (query: string) => {
    const res = await call('GET', `/api/admin/articles?pageSize=50&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { articles: { headline: string; openNotes: number }[]; totalCount: number };
    return { headlines: page.articles.map((a) => a.headline), total: page.totalCount };
  };

  it("'notes=open' lists only the stories with open notes, out of the Trash, with any other filter; a resolved note's story leaves it", async () => {
    const goose = await create({ headline: 'Goose Elected To Parish Council' });
    const swan = await create({ headline: 'Swan Demands Recount' });
    await create({ headline: 'Heron Keeps Quiet' });
    const trashed = await create({ headline: 'Duck Flees Pond' });
    const first = (await add(goose.id, 'Check the minutes')).json();
    const asked = (await add(swan.id, 'Photo credit?', otto)).json();
    // A reply does not make a story's note open, and a resolved thread's replies are not open notes.
    expect((await call('POST', notes(swan.id), { text: 'On it', replyTo: asked.id })).statusCode).toBe(201);
    await add(trashed.id, 'Never mind');
    expect((await call('DELETE', `/api/admin/articles/${trashed.id}`)).statusCode).toBeLessThan(300);

    expect(await listed('notes=open')).toEqual({
      headlines: ['Swan Demands Recount', 'Goose Elected To Parish Council'],
      total: 2,
    });
    expect(await listed('notes=open&search=swan')).toEqual({ headlines: ['Swan Demands Recount'], total: 1 });
    expect(await listed('notes=open&status=published')).toEqual({
      headlines: ['Swan Demands Recount', 'Goose Elected To Parish Council'],
      total: 2,
    });
    expect(await listed('notes=open&status=scheduled')).toEqual({ headlines: [], total: 0 });
    expect((await listed('notes=open&sort=oldest')).headlines).toEqual([
      'Goose Elected To Parish Council',
      'Swan Demands Recount',
    ]);
    // Resolved: the story leaves the list; reopened, it is back.
    expect((await call('PATCH', `${notes(swan.id)}/${asked.id}`, { resolved: true })).statusCode).toBe(200);
    expect(await listed('notes=open')).toEqual({ headlines: ['Goose Elected To Parish Council'], total: 1 });
    expect((await call('DELETE', `${notes(goose.id)}/${first.id}`)).statusCode).toBe(204);
    expect(await listed('notes=open')).toEqual({ headlines: [], total: 0 });
    expect((await call('PATCH', `${notes(swan.id)}/${asked.id}`, { resolved: false })).statusCode).toBe(200);
    expect(await listed('notes=open')).toEqual({ headlines: ['Swan Demands Recount'], total: 1 });
    // Without the filter every story is listed as before.
    expect((await listed('')).total).toBe(3);
  });

  it("refuses a 'notes' other than open, and open with the Trash, with a 400 naming notes", async () => {
    for (const query of ['notes=all', 'notes=', 'notes=OPEN', 'notes=open&status=trash']) {
      const res = await call('GET', `/api/admin/articles?${query}`);
      expectProblem(res, 400);
      expect(res.body, query).toMatch(/notes/);
    }
    const res = await call('GET', '/api/admin/articles?notes=open&status=trash');
    expect(res.json().detail).toBe(
      "Query parameter 'notes' cannot be open with status trash (a story in the Trash has no notes to deal with).",
    );
  });

  it('finds the stories with open notes from the partial index of open notes', async () => {
    const stories = await Promise.all(Array.from({ length: 20 }, (_, i) => create({ headline: `Story ${i}` })));
    for (const a of stories.slice(0, 5)) await add(a.id, 'A note');
    const statements = await statementsOf(t.database, (db) =>
      new AdminArticlesRepository(db, t.database.dialect).list({
        page: 1,
        pageSize: 20,
        status: 'all',
        openNotes: true,
      }),
    );
    expect(statements.length).toBeGreaterThan(0);
    const plans = (await Promise.all(statements.map((s) => queryPlan(t.database, s)))).map((p) => p.join('\n'));
    for (const plan of plans) {
      if (!/article_notes/.test(plan)) continue;
      if (t.database.dialect === 'sqlite') {
        expect(plan).toMatch(/article_notes_open_idx/);
        expect(plan).not.toMatch(/SCAN article_notes\b(?! USING)/);
      } else {
        expect(plan).toMatch(/using article_notes_open_idx on article_notes/);
        expect(plan).not.toMatch(/Seq Scan on article_notes/);
      }
    }
    expect(plans.some((p) => /article_notes_open_idx/.test(p))).toBe(true);
  });
});

describe('adding, listing and deleting a note', () => {
  it('adds one dated now by the signed-in editor, line breaks kept and trimmed, listed newest first', async () => {
    const a = await create();
    const before = Date.now();
    const first = await add(a.id, '  Picture rights cleared.\r\nCredit: Reuters  \n');
    expect(first.statusCode, first.body).toBe(201);
    const one = first.json();
    expect(one).toMatchObject({
      text: 'Picture rights cleared.\nCredit: Reuters',
      createdBy: 'Nora Notes',
      mine: true,
    });
    expect(Date.parse(one.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(first.headers.location).toBe(`/api/admin/articles/${a.id}/notes/${one.id}`);

    await new Promise((r) => setTimeout(r, 5));
    const two = (await add(a.id, 'Check the quote with legal before 6pm', otto)).json();
    expect((await list(a.id)).map((n) => [n.id, n.createdBy, n.mine])).toEqual([
      [two.id, 'Otto Other', false],
      [one.id, 'Nora Notes', true],
    ]);
    // Each editor is told which notes are theirs.
    expect((await list(a.id, otto)).map((n) => n.mine)).toEqual([true, false]);
  });

  it('leaves the article alone: no new version, no update time', async () => {
    const a = await create();
    await add(a.id, SECRET);
    const article = (await call('GET', `/api/admin/articles/${a.id}`)).json();
    expect(article.version).toBe(a.version);
    const pub = (await t.app.inject({ url: `/News/slug/${a.slug}` })).json();
    expect(pub.modifiedAt).toBeNull();
  });

  it('lets the author delete their note, and no one else (403)', async () => {
    const a = await create();
    const mine = (await add(a.id, 'Mine to delete')).json();
    const theirs = (await add(a.id, 'Not yours', otto)).json();
    const refused = expectProblem(await call('DELETE', `${notes(a.id)}/${theirs.id}`), 403);
    expect(refused.detail).toBe('Only the editor who added a note can delete it.');
    expect(await list(a.id)).toHaveLength(2);
    expect((await call('DELETE', `${notes(a.id)}/${mine.id}`)).statusCode).toBe(204);
    expect((await list(a.id)).map((n) => n.id)).toEqual([theirs.id]);
    expect((await call('DELETE', `${notes(a.id)}/${theirs.id}`, undefined, otto)).statusCode).toBe(204);
    expect(await list(a.id)).toEqual([]);
  });

  it('audits an addition and a deletion with the editor and the article, never the note’s text', async () => {
    const a = await create();
    const n = (await add(a.id, SECRET)).json();
    await call('DELETE', `${notes(a.id)}/${n.id}`);
    const rows = (await auditFor(t.database.db, a.id)).filter((r) => r.action.startsWith('note-'));
    expect(rows.map((r) => [r.action, r.actor_name, r.actor_subject])).toEqual([
      ['note-add', 'Nora Notes', 'editor-nora'],
      ['note-delete', 'Nora Notes', 'editor-nora'],
    ]);
    expect(JSON.parse(rows[0]!.after!)).toEqual({ headline: HEADLINE, noteId: n.id });
    expect(JSON.stringify(rows)).not.toContain('Zebracorn');

    // The Audit Trail's rows, filtered by the action: the article by its headline, no detail.
    const ours = async (action: string) => {
      const trail = (await call('GET', `/api/admin/audit?action=${action}`)).json();
      expect(trail.entries.every((e: { action: string }) => e.action === action)).toBe(true);
      return trail.entries.filter((e: { articleId: number }) => e.articleId === a.id);
    };
    const added = await ours('note-add');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ articleId: a.id, headline: HEADLINE, detail: '', editorName: 'Nora Notes' });
    expect(await ours('note-delete')).toHaveLength(1);
  });
});

describe('replies', () => {
  const reply = (id: number, replyTo: unknown, text: string, who = nora) =>
    call('POST', notes(id), { text, replyTo }, who);
  type Listed = Note & { replies: Note[] };
  const threads = async (id: number, who = nora) => (await list(id, who)) as unknown as Listed[];

  it('answers a note in its thread, oldest first (a reply to a reply joins it), audited, the article untouched', async () => {
    const a = await create();
    const question = (await add(a.id, 'Who took the photo?')).json();
    const other = (await add(a.id, 'Headline too long?', otto)).json();
    const answer = await reply(a.id, question.id, 'The pond society did', otto);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      text: 'The pond society did',
      createdBy: 'Otto Other',
      mine: true,
      replyTo: question.id,
      replies: [],
      resolved: null,
    });
    expect(answer.headers.location).toBe(`/api/admin/articles/${a.id}/notes/${answer.json().id}`);
    // Answering the reply joins the same thread.
    const thanks = (await reply(a.id, answer.json().id, 'Thanks, crediting them')).json();
    expect(thanks.replyTo).toBe(question.id);

    const listed = await threads(a.id);
    expect(listed.map((n) => [n.id, n.replyTo, n.replies.map((r) => [r.id, r.replyTo, r.mine])])).toEqual([
      [other.id, null, []],
      [
        question.id,
        null,
        [
          [answer.json().id, question.id, false],
          [thanks.id, question.id, true],
        ],
      ],
    ]);
    expect(listed[1]!.replies[0]).not.toHaveProperty('replies');

    const rows = (await auditFor(t.database.db, a.id)).filter((r) => r.action === 'note-add');
    expect(rows.map((r) => JSON.parse(r.after!))).toEqual([
      { headline: HEADLINE, noteId: question.id },
      { headline: HEADLINE, noteId: other.id },
      { headline: HEADLINE, noteId: answer.json().id, replyTo: question.id },
      { headline: HEADLINE, noteId: thanks.id, replyTo: question.id },
    ]);
    expect((await call('GET', `/api/admin/articles/${a.id}`)).json().version).toBe(a.version);
    // The Dashboard's Latest notes list replies too, saying whom each answers.
    const latest = (await call('GET', '/api/admin/dashboard')).json().latestNotes;
    expect(latest.map((x: { id: number; replyTo: string | null }) => [x.id, x.replyTo])).toEqual([
      [thanks.id, 'Nora Notes'],
      [answer.json().id, 'Nora Notes'],
      [other.id, null],
      [question.id, null],
    ]);
  });

  it('resolves and reopens a thread as one; a resolved note takes no reply until reopened, and a reply is not resolved apart', async () => {
    const a = await create();
    const n = (await add(a.id, 'Check the quote')).json();
    const r = (await reply(a.id, n.id, 'Checked with legal', otto)).json();
    const done = await call('PATCH', `${notes(a.id)}/${n.id}`, { resolved: true }, otto);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().replies.map((x: Note) => x.resolved)).toEqual([done.json().resolved]);
    expect((await threads(a.id))[0]!.replies[0]!.resolved).toEqual(done.json().resolved);

    const refused = expectProblem(await reply(a.id, n.id, 'One more thing'), 409);
    expect(refused.detail).toBe(`Note ${n.id} is resolved: reopen it to reply.`);
    expectProblem(await reply(a.id, r.id, 'Or here'), 409);
    const apart = expectProblem(await call('PATCH', `${notes(a.id)}/${r.id}`, { resolved: false }), 409);
    expect(apart.detail).toBe(`Note ${r.id} is a reply: resolve or reopen the note it answers (${n.id}).`);
    expect((await threads(a.id))[0]!.replies).toHaveLength(1);

    expect((await call('PATCH', `${notes(a.id)}/${n.id}`, { resolved: false })).statusCode).toBe(200);
    const reopened = await threads(a.id);
    expect([reopened[0]!.resolved, reopened[0]!.replies[0]!.resolved]).toEqual([null, null]);
    expect((await reply(a.id, n.id, 'One more thing')).statusCode).toBe(201);
    // Resolved again: the new reply with the rest.
    await call('PATCH', `${notes(a.id)}/${n.id}`, { resolved: true });
    expect((await threads(a.id))[0]!.replies.every((x) => x.resolved !== null)).toBe(true);
  });

  it('a reply sent as its note is resolved is either refused or resolved with the thread, never left open in it', async () => {
    const a = await create();
    for (let i = 0; i < 8; i++) {
      const n = (await add(a.id, `Question ${i}`)).json();
      const [answered, resolved] = await Promise.all([
        reply(a.id, n.id, `Answer ${i}`, otto),
        call('PATCH', `${notes(a.id)}/${n.id}`, { resolved: true }),
      ]);
      expect([201, 409]).toContain(answered.statusCode);
      expect(resolved.statusCode, resolved.body).toBe(200);
      const rows = await t.database.db
        .selectFrom('article_notes')
        .select(['id', 'resolved_at'])
        .where((eb) => eb.or([eb('id', '=', n.id), eb('reply_to', '=', n.id)]))
        .execute();
      expect(rows.filter((r) => r.resolved_at === null)).toEqual([]);
    }
  });

  it('deletes a reply by its author only; the note by its author, its replies with it, audited with their count', async () => {
    const a = await create();
    const n = (await add(a.id, 'Who took the photo?')).json();
    const r1 = (await reply(a.id, n.id, 'The pond society', otto)).json();
    const r2 = (await reply(a.id, n.id, 'Thanks')).json();
    expectProblem(await call('DELETE', `${notes(a.id)}/${r1.id}`), 403);
    expect((await call('DELETE', `${notes(a.id)}/${r2.id}`)).statusCode).toBe(204);
    expect((await threads(a.id))[0]!.replies.map((x) => x.id)).toEqual([r1.id]);
    // Otto may not delete Nora's note, though he replied to it.
    expectProblem(await call('DELETE', `${notes(a.id)}/${n.id}`, undefined, otto), 403);
    expect((await call('DELETE', `${notes(a.id)}/${n.id}`)).statusCode).toBe(204);
    expect(await list(a.id)).toEqual([]);
    expect(
      await t.database.db.selectFrom('article_notes').select('id').where('article_id', '=', a.id).execute(),
    ).toEqual([]);
    const rows = (await auditFor(t.database.db, a.id)).filter((x) => x.action === 'note-delete');
    expect(rows.map((x) => JSON.parse(x.before!))).toEqual([
      expect.objectContaining({ noteId: r2.id, replyTo: n.id }),
      expect.objectContaining({ noteId: n.id, replies: 1 }),
    ]);
  });

  it('refuses a reply to a note the article does not have (400 naming replyTo), a bad replyTo, and in the Trash (409), storing nothing', async () => {
    const a = await create();
    const b = await create({ headline: 'Another Story' });
    const n = (await add(a.id, 'On A')).json();
    const elsewhere = (await add(b.id, 'On B')).json();
    for (const replyTo of [elsewhere.id, 2_000_000_000]) {
      const res = expectProblem(await reply(a.id, replyTo, 'Lost'), 400);
      expect(res.errors).toEqual([{ in: 'body', name: 'replyTo', message: `must be a note of article ${a.id}` }]);
    }
    for (const replyTo of [0, -1, 'abc', 1.5, null, 2_147_483_648]) {
      const res = expectProblem(await reply(a.id, replyTo, 'Lost'), 400);
      expect(res.errors.map((e: { name: string }) => e.name)).toEqual(['replyTo']);
    }
    await t.database.db
      .updateTable('articles')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', a.id)
      .execute();
    expectProblem(await reply(a.id, n.id, 'Too late'), 409);
    const stored = await t.database.db.selectFrom('article_notes').select('text').execute();
    expect(stored.map((x) => x.text).sort()).toEqual(['On A', 'On B']);
  });
});

describe('editing a note', () => {
  const edit = (id: number, noteId: number, text: unknown, who = nora) =>
    call('PATCH', `${notes(id)}/${noteId}`, { text }, who);

  it('lets its author change the text of a note or a reply, dated, audited without the text; the same text changes nothing', async () => {
    const a = await create();
    const n = (await add(a.id, 'Chek the quote')).json();
    expect(n.editedAt).toBeNull();
    const r = (await call('POST', notes(a.id), { text: 'Done', replyTo: n.id }, otto)).json();
    const before = Date.now();
    const changed = await edit(a.id, n.id, '  Check the quote with legal  ');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: n.id, text: 'Check the quote with legal', createdAt: n.createdAt });
    expect(Date.parse(changed.json().editedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(changed.json().replies.map((x: Note) => x.id)).toEqual([r.id]);
    // A reply, by its author: answered as the reply.
    const reply = await edit(a.id, r.id, 'Done: legal signed it off', otto);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ id: r.id, replyTo: n.id, text: 'Done: legal signed it off', replies: [] });
    const listed = (await list(a.id)) as unknown as (Note & { replies: Note[] })[];
    expect([listed[0]!.text, listed[0]!.replies[0]!.text]).toEqual([
      'Check the quote with legal',
      'Done: legal signed it off',
    ]);
    // The same text again: nothing changes, no row.
    const same = await edit(a.id, n.id, 'Check the quote with legal');
    expect(same.json().editedAt).toBe(changed.json().editedAt);

    const rows = (await auditFor(t.database.db, a.id)).filter((x) => x.action === 'note-edit');
    expect(rows.map((x) => [x.actor_name, JSON.parse(x.after!)])).toEqual([
      ['Nora Notes', { headline: HEADLINE, noteId: n.id }],
      ['Otto Other', { headline: HEADLINE, noteId: r.id, replyTo: n.id }],
    ]);
    expect(JSON.stringify(rows)).not.toContain('legal');
    expect((await call('GET', `/api/admin/articles/${a.id}`)).json().version).toBe(a.version);
  });

  it('refuses anyone but the author (403), a resolved thread (409), the Trash (409), bad text and a body of both or neither (400), changing nothing', async () => {
    const a = await create();
    const n = (await add(a.id, 'As written')).json();
    const r = (await call('POST', notes(a.id), { text: 'Reply as written', replyTo: n.id }, otto)).json();
    expect(expectProblem(await edit(a.id, n.id, 'Hijacked', otto), 403).detail).toBe(
      'Only the editor who added a note can edit it.',
    );
    expectProblem(await edit(a.id, r.id, 'Hijacked'), 403);
    for (const text of ['', '   ', 'x'.repeat(1001), 42, null]) {
      const res = expectProblem(await edit(a.id, n.id, text), 400);
      expect(res.errors.map((e: { name: string }) => e.name)).toEqual(['text']);
    }
    const neither = expectProblem(await call('PATCH', `${notes(a.id)}/${n.id}`, {}), 400);
    expect(neither.detail).toBe("Body field 'resolved' is required (or text, to change the note’s text).");
    const both = expectProblem(await call('PATCH', `${notes(a.id)}/${n.id}`, { text: 'Both', resolved: true }), 400);
    expect(both.detail).toBe("Body field 'text' cannot come with resolved: send one of them.");
    expectProblem(await edit(a.id, 99_999_999, 'Nobody'), 404);
    await call('PATCH', `${notes(a.id)}/${n.id}`, { resolved: true });
    expect(expectProblem(await edit(a.id, n.id, 'Too late'), 409).detail).toBe(
      `Note ${n.id} is resolved: reopen it to edit.`,
    );
    expectProblem(await edit(a.id, r.id, 'Too late', otto), 409);
    await call('PATCH', `${notes(a.id)}/${n.id}`, { resolved: false });
    await t.database.db
      .updateTable('articles')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', a.id)
      .execute();
    expectProblem(await edit(a.id, n.id, 'In the Trash'), 409);
    const stored = await t.database.db
      .selectFrom('article_notes')
      .select(['text', 'edited_at'])
      .where('article_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { text: 'As written', edited_at: null },
      { text: 'Reply as written', edited_at: null },
    ]);
  });
});

describe('bad input and unknown records', () => {
  it('refuses an empty text or one longer than 1,000 characters after trimming, with a 400 naming text', async () => {
    const a = await create();
    const empty = expectProblem(await add(a.id, '  \n\t '), 400);
    expect(empty.errors).toEqual([{ in: 'body', name: 'text', message: 'must not be empty' }]);
    const long = expectProblem(await add(a.id, 'x'.repeat(1001)), 400);
    expect(long.errors).toEqual([
      { in: 'body', name: 'text', message: 'must be at most 1,000 characters (it has 1,001)' },
    ]);
    // 1,000 characters as the product counts them (a family emoji is one), trimmed first.
    expect((await add(a.id, ` ${'👨‍👩‍👧'.repeat(1000)} `)).statusCode).toBe(201);
    expect((await add(a.id, 'x')).statusCode).toBe(201);
    expectProblem(await call('POST', notes(a.id), { text: 42 }), 400);
    expectProblem(await call('POST', notes(a.id), {}), 400);
    expectProblem(await call('POST', notes(a.id), { text: 'ok', pinned: true }), 400);
    const control = expectProblem(await add(a.id, 'A bell rings here \u0007 loudly.'), 400);
    expect(control.errors[0]).toMatchObject({ name: 'text', message: expect.stringContaining('control characters') });
    expectProblem(await call('GET', '/api/admin/articles/abc/notes'), 400);
    expectProblem(await call('DELETE', `${notes(a.id)}/0`), 400);
    expect(await list(a.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown article, an unknown note or a note of another article', async () => {
    const a = await create();
    const b = await create({ headline: 'Another Story Entirely' });
    const n = (await add(a.id, 'On article a')).json();
    expectProblem(await add(999_999, 'Nowhere'), 404, 'Article 999999 was not found.');
    expectProblem(await call('GET', notes(999_999)), 404);
    expectProblem(await call('DELETE', `${notes(999_999)}/${n.id}`), 404);
    expectProblem(await call('DELETE', `${notes(b.id)}/${n.id}`), 404, `Article ${b.id} has no note ${n.id}.`);
    expectProblem(await call('DELETE', `${notes(a.id)}/999999`), 404);
    expect(await list(a.id)).toHaveLength(1);
  });

  it('answers 401 without a signed-in editor', async () => {
    const a = await create();
    const res = await t.app.inject({ method: 'GET', url: notes(a.id) });
    expect(res.statusCode).toBe(401);
  });
});

describe('the article’s state', () => {
  it('shows the notes of a draft and of an article in the Trash; the Trash refuses adding and deleting (409)', async () => {
    const draft = await create({ published: false, publishedAt: undefined });
    expect((await add(draft.id, 'Draft note')).statusCode).toBe(201);

    const a = await create();
    const n = (await add(a.id, 'Kept in the Trash')).json();
    expect((await call('DELETE', `/api/admin/articles/${a.id}`)).statusCode).toBe(204);
    expect((await list(a.id)).map((x) => x.text)).toEqual(['Kept in the Trash']);
    for (const res of [await add(a.id, 'Another'), await call('DELETE', `${notes(a.id)}/${n.id}`)]) {
      const body = expectProblem(res, 409, 'The article is in the trash: restore it first.');
      expect(body).toMatchObject({ deleted: true, deletedAt: expect.any(String) });
    }
    expect(await list(a.id)).toHaveLength(1);
  });

  it('does not copy notes to a duplicate; deleting the article for good removes them', async () => {
    const a = await create();
    await add(a.id, SECRET);
    await add(a.id, 'A second one', otto);
    const copy = await call('POST', `/api/admin/articles/${a.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(await list(copy.json().id)).toEqual([]);

    await call('DELETE', `/api/admin/articles/${a.id}`);
    expect((await call('POST', `/api/admin/articles/${a.id}/purge`)).statusCode).toBe(204);
    const left = await t.database.db.selectFrom('article_notes').select('id').where('article_id', '=', a.id).execute();
    expect(left).toEqual([]);
    expectProblem(await call('GET', notes(a.id)), 404);
  });
});

describe('what readers get', () => {
  it('no public answer, page, feed, sitemap, search, preview or export carries a note', async () => {
    const a = await create({ tags: ['Inflatables'], authors: ['Sam Editor'] });
    const draft = await create({ headline: 'A Draft For Lawyers', published: false, publishedAt: undefined });
    await add(a.id, SECRET);
    await add(draft.id, SECRET);
    const link = await call('POST', `/api/admin/articles/${draft.id}/preview-link`);
    expect(link.statusCode, link.body).toBe(201);
    const previewPath = new URL(link.json().url as string).pathname;

    const urls = [
      `/News/slug/${a.slug}`,
      `/article/${a.slug}`,
      '/News',
      '/News?category=Politics',
      '/News/archive',
      '/News/tag/inflatables',
      '/feeds/rss.xml',
      '/feeds/atom.xml',
      '/feeds/feed.json',
      '/feeds/politics/rss.xml',
      '/sitemaps/articles-1.xml',
      '/',
      previewPath,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
      expect(res.body, url).not.toContain('Zebracorn');
    }
    // The search does not find a story by its note's words.
    const search = (await t.app.inject({ url: '/News/search?q=Zebracorn' })).json();
    expect(search.results).toEqual([]);
    expect((await t.app.inject({ url: '/News/search?q=bouncy' })).json().results).toHaveLength(1);
    // The public article holds the fields readers need, none named for notes.
    expect(Object.keys((await t.app.inject({ url: `/News/slug/${a.slug}` })).json())).not.toContain('notes');
    // What `npm run export` writes: the article rows.
    for await (const row of readArticlesById(t.database)) expect(JSON.stringify(row)).not.toContain('Zebracorn');
  });
});
