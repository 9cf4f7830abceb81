import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_COLLEAGUES, type Colleague, type NoteForYou, type Note } from '../../../../common/notes-contract.ts';
import { mentionableEditors, type NewsroomAccounts } from '../../repositories/activity-editors.ts';
import { ArticleNotesRepository } from '../../repositories/article-notes.ts';
import { EditorsRepository } from '../../repositories/editors-repository.ts';
import { insertArticles } from '../../test-support/admin-articles.ts';
import { queryPlan, statementsOf } from '../../test-support/query-plans.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Mentions in notes (decision 060) through the admin API: the colleagues a note can mention (the editors
 * seen in the newsroom), the mentions a note records, and the Dashboard's 'Notes for you' (SQLite in
 * `api`, PostgreSQL in `api-pg`).
 */
let t: TestApp;
let nora: { authorization: string };
let otto: { authorization: string };
let pia: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  nora = { authorization: await t.bearer({ sub: 'editor-nora', name: 'Nora Notes', preferred_username: 'nora' }) };
  otto = {
    authorization: await t.bearer({ sub: 'editor-otto', name: 'Otto Other', preferred_username: 'otto.other' }),
  };
  // Signed in through another provider: an address for a username.
  pia = {
    authorization: await t.bearer({ sub: 'editor-pia', name: 'Pia Press', preferred_username: 'Pia@Press.example' }),
  };
  // Each editor is seen in the newsroom by their first request.
  for (const who of [nora, otto, pia]) await call('GET', '/api/admin/editors', who);
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('articles').execute();
});

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: { authorization: string },
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...who, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
}

async function addNote(articleId: number, text: string, who = nora): Promise<Note> {
  const res = await call('POST', `/api/admin/articles/${articleId}/notes`, who, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Note;
}

async function forYou(who: { authorization: string }): Promise<NoteForYou[]> {
  const res = await call('GET', '/api/admin/dashboard', who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { notesForYou: NoteForYou[] }).notesForYou;
}

/**
 * 1,500 notes on 300 stories, each mentioning one of 60 editors (`editor-0` to `editor-59`) in turn, the
 * newest first; `readAt` says when the i-th mention was read (null: new). For the query plan tests.
 */
async function seedNewsroomNotes(readAt: (i: number, createdAt: string) => string | null): Promise<void> {
  const articles = await insertArticles(
    t.database.db,
    Array.from({ length: 300 }, (_, i) => ({ headline: `Story ${i}` })),
  );
  const notes = await t.database.db
    .insertInto('article_notes')
    .values(
      Array.from({ length: 1500 }, (_, i) => ({
        article_id: articles[i % articles.length]!.id,
        text: `Note ${i}`,
        created_at: new Date(Date.now() - i * 60_000).toISOString(),
        author_subject: 'editor-x',
        author_name: 'Fenella Grubb',
      })),
    )
    .returning(['id', 'created_at'])
    .execute();
  await t.database.db
    .insertInto('note_mentions')
    .values(
      notes.map((n, i) => ({
        note_id: n.id,
        subject: `editor-${i % 60}`,
        username: 'someone',
        name: 'Someone',
        position: 0,
        created_at: n.created_at,
        read_at: readAt(i, n.created_at),
      })),
    )
    .execute();
  if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);
}

const OTTO: Colleague = { username: 'otto.other', name: 'Otto Other' };
const PIA: Colleague = { username: 'Pia@Press.example', name: 'Pia Press' };

/** The test app's first account of the built-in sign-in ('test.editor'), which no test here signs in as. */
const FIRST_ACCOUNT: Colleague = { username: 'test.editor', name: 'test.editor' };

async function colleagues(who = nora): Promise<Colleague[]> {
  const res = await call('GET', '/api/admin/editors', who);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-store/);
  return (res.json() as { editors: Colleague[] }).editors;
}

/** A built-in sign-in account, as `npm run editors add` makes it, and its subject once it signs in. */
async function addAccount(username: string, displayName: string): Promise<string> {
  const editor = await new EditorsRepository(t.database).create({ username, displayName, password: 'a long password' });
  return String(editor!.id);
}

describe('GET /api/admin/editors', () => {
  it('lists the editors seen in the newsroom and the accounts not yet seen, by name, with their usernames', async () => {
    expect(await colleagues()).toEqual([{ username: 'nora', name: 'Nora Notes' }, OTTO, PIA, FIRST_ACCOUNT]);
  });

  it('lists an account of the built-in sign-in before its first sign-in, and once after it', async () => {
    const subject = await addAccount('quinn.quill', 'Quinn Quill');
    try {
      const quinn: Colleague = { username: 'quinn.quill', name: 'Quinn Quill' };
      expect(await colleagues()).toEqual([{ username: 'nora', name: 'Nora Notes' }, OTTO, PIA, quinn, FIRST_ACCOUNT]);
      // Signed in (the built-in sign-in's subject is the account's id), seen in the newsroom: still once.
      const signedIn = {
        authorization: await t.bearer({ sub: subject, name: 'Quinn Quill', preferred_username: 'quinn.quill' }),
      };
      expect((await colleagues(signedIn)).filter((c) => c.username === 'quinn.quill')).toEqual([quinn]);
    } finally {
      await t.database.db.deleteFrom('editors').where('username', '=', 'quinn.quill').execute();
      await t.database.db.deleteFrom('editor_activity').where('username', '=', 'quinn.quill').execute();
    }
  });

  it('leaves out the accounts not on EDITOR_ALLOWLIST, and every account not seen under Microsoft Entra ID', async () => {
    const subject = await addAccount('ria.reed', 'Ria Reed');
    try {
      const mentionable = async (accounts: NewsroomAccounts | null) =>
        (await mentionableEditors(t.database.db, MAX_COLLEAGUES, accounts)).map((e) => e.username).sort();
      const seen = ['Pia@Press.example', 'nora', 'otto.other'];
      expect(await mentionable({ allowlist: [] })).toEqual([...seen, 'ria.reed', 'test.editor']);
      // On the list by username or by subject.
      expect(await mentionable({ allowlist: ['ria.reed'] })).toEqual([...seen, 'ria.reed']);
      expect(await mentionable({ allowlist: [subject] })).toEqual([...seen, 'ria.reed']);
      expect(await mentionable(null)).toEqual(seen);
      // At most the limit, the editors seen first.
      expect((await mentionableEditors(t.database.db, 4, { allowlist: [] })).map((e) => e.username)).toHaveLength(4);
      expect((await mentionableEditors(t.database.db, 3, { allowlist: [] })).map((e) => e.username).sort()).toEqual(
        seen,
      );
    } finally {
      await t.database.db.deleteFrom('editors').where('username', '=', 'ria.reed').execute();
    }
  });

  it('is for signed-in editors only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/editors' });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('otto.other');
  });
});

describe('mentions in a note', () => {
  it('records each colleague named by @ and their username, once, in the order of the text; anything else stays text', async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
    const note = await addNote(
      a!.id,
      'Ask @PIA@press.example about the photo, then @otto.other. Not @nobody, not nora@example.com; again @otto.other',
    );
    // Case does not matter; a final dot is punctuation; an address is not a mention.
    expect(note.mentions).toEqual([PIA, OTTO]);
    const res = await call('GET', `/api/admin/articles/${a!.id}/notes`, otto);
    expect((res.json() as { notes: Note[] }).notes.map((n) => n.mentions)).toEqual([[PIA, OTTO]]);
    // One username seen under two subjects (two sign-in providers): both are mentioned, it is listed once.
    await t.database.db
      .insertInto('editor_activity')
      .values({
        subject: 'entra-otto',
        name: 'Otto Other',
        username: 'otto.other',
        last_seen_at: new Date().toISOString(),
      })
      .execute();
    const twice = await addNote(a!.id, 'Again @otto.other');
    expect(twice.mentions).toEqual([OTTO]);
    const rows = await t.database.db
      .selectFrom('note_mentions')
      .select('subject')
      .where('note_id', '=', twice.id)
      .orderBy('subject')
      .execute();
    expect(rows.map((r) => r.subject)).toEqual(['editor-otto', 'entra-otto']);
    const again = await call('GET', `/api/admin/articles/${a!.id}/notes`, otto);
    expect((again.json() as { notes: Note[] }).notes.find((n) => n.id === twice.id)!.mentions).toEqual([OTTO]);
    await t.database.db.deleteFrom('editor_activity').where('subject', '=', 'entra-otto').execute();
    // A note without any keeps an empty list.
    expect((await addNote(a!.id, 'No one in particular @')).mentions).toEqual([]);
  });

  it('mentions an account that has not signed in yet; once it does, the mention is new to it', async () => {
    const subject = await addAccount('sol.sub', 'Sol Sub');
    try {
      const [a] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
      const note = await addNote(a!.id, 'First week: @sol.sub, read the style guide');
      expect(note.mentions).toEqual([{ username: 'sol.sub', name: 'Sol Sub' }]);
      const sol = {
        authorization: await t.bearer({ sub: subject, name: 'Sol Sub', preferred_username: 'sol.sub' }),
      };
      expect((await forYou(sol)).map((n) => [n.id, n.unread])).toEqual([[note.id, true]]);
      const count = await call('GET', '/api/admin/mentions', sol);
      expect(count.json()).toEqual({ unread: 1 });
    } finally {
      await t.database.db.deleteFrom('editors').where('username', '=', 'sol.sub').execute();
      await t.database.db.deleteFrom('editor_activity').where('username', '=', 'sol.sub').execute();
    }
  });

  it("lists a colleague's notes mentioning them on their Dashboard, newest first, not their own nor another's", async () => {
    const [goose, swan] = await insertArticles(t.database.db, [
      { headline: 'Goose Elected To Parish Council' },
      { headline: 'Swan Demands Recount' },
    ]);
    const first = await addNote(goose!.id, '@otto.other can you check the minutes?');
    const second = await addNote(swan!.id, 'Over to @otto.other and @nora', pia);
    // Nora mentioning herself, and Otto mentioning himself: not notes "for" them.
    await addNote(goose!.id, 'Reminder to @nora: call the goose');
    await addNote(swan!.id, '@otto.other note to self', otto);

    const ottos = await forYou(otto);
    expect(ottos.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(ottos[0]).toMatchObject({
      articleId: swan!.id,
      headline: 'Swan Demands Recount',
      excerpt: 'Over to @otto.other and @nora',
      createdBy: 'Pia Press',
    });
    expect((await forYou(nora)).map((n) => n.id)).toEqual([second.id]);
    expect(await forYou(pia)).toEqual([]);
  });

  it('drops a note from Notes for you when it is deleted or its article goes to the Trash; deleted for good, its mentions go too', async () => {
    const [goose, swan] = await insertArticles(t.database.db, [
      { headline: 'Goose Elected To Parish Council' },
      { headline: 'Swan Demands Recount' },
    ]);
    const onGoose = await addNote(goose!.id, '@otto.other see this');
    const onSwan = await addNote(swan!.id, '@otto.other and this');
    expect((await forYou(otto)).map((n) => n.id)).toEqual([onSwan.id, onGoose.id]);

    const removed = await call('DELETE', `/api/admin/articles/${swan!.id}/notes/${onSwan.id}`, nora);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await forYou(otto)).map((n) => n.id)).toEqual([onGoose.id]);

    await t.database.db
      .updateTable('articles')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', goose!.id)
      .execute();
    expect(await forYou(otto)).toEqual([]);

    await t.database.db.deleteFrom('articles').where('id', '=', goose!.id).execute();
    const left = await t.database.db.selectFrom('note_mentions').select('note_id').execute();
    expect(left).toEqual([]);
  });

  it('reads the mentions by colleague, each note and article by its primary key', async () => {
    // A newsroom of 60 editors: each is mentioned in a few of the many notes.
    await seedNewsroomNotes(() => null);

    const statements = await statementsOf(t.database, (db) =>
      new ArticleNotesRepository(db, t.database.dialect, null).forYou('editor-7', 5),
    );
    expect(statements).toHaveLength(1);
    const plan = (await queryPlan(t.database, statements[0]!)).join('\n');
    if (t.database.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH m USING (COVERING )?INDEX note_mentions_subject_idx \(subject=\?\)/);
      expect(plan).toMatch(/SEARCH n USING INTEGER PRIMARY KEY/);
      expect(plan).toMatch(/SEARCH a USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/TEMP B-TREE|SCAN (m|n|a)\b/);
    } else {
      expect(plan).toMatch(/Index (Only )?Scan Backward using note_mentions_subject_idx on note_mentions m/);
      expect(plan).toMatch(/Index Scan using article_notes_pkey on article_notes n/);
      expect(plan).toMatch(/Index Scan using articles_pkey on articles a/);
      expect(plan).not.toMatch(/Seq Scan|Sort/);
    }
  });
});

describe('new mentions', () => {
  async function unread(who: { authorization: string }): Promise<number> {
    const res = await call('GET', '/api/admin/mentions', who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    return (res.json() as { unread: number }).unread;
  }

  async function markRead(who: { authorization: string }, payload: object): Promise<number> {
    const res = await call('POST', '/api/admin/mentions/read', who, payload);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { unread: number }).unread;
  }

  async function notesAs(articleId: number, who: { authorization: string }): Promise<Note[]> {
    const res = await call('GET', `/api/admin/articles/${articleId}/notes`, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { notes: Note[] }).notes;
  }

  it("are new to the colleague until they open the story's notes, story by story, or mark them all read", async () => {
    const [goose, swan] = await insertArticles(t.database.db, [
      { headline: 'Goose Elected To Parish Council' },
      { headline: 'Swan Demands Recount' },
    ]);
    const one = await addNote(goose!.id, '@otto.other one for you');
    const two = await addNote(swan!.id, 'And @otto.other two, and @nora', pia);
    const self = await addNote(goose!.id, '@otto.other note to self', otto);
    expect(await unread(otto)).toBe(2);
    expect(await unread(nora)).toBe(1);
    expect(await unread(pia)).toBe(0);
    expect((await forYou(otto)).map((n) => [n.id, n.unread])).toEqual([
      [two.id, true],
      [one.id, true],
    ]);

    // The story's notes say which is for the viewer and new to them; to anyone else, neither.
    const seen = await notesAs(goose!.id, otto);
    expect(seen.map((n) => [n.id, n.forYou, n.unread])).toEqual([
      [self.id, false, false],
      [one.id, true, true],
    ]);
    expect((await notesAs(goose!.id, nora)).map((n) => [n.forYou, n.unread])).toEqual([
      [false, false],
      [false, false],
    ]);

    // Opening the goose's notes marks its mention read, and only that one.
    expect(await markRead(otto, { articleId: goose!.id })).toBe(1);
    expect((await notesAs(goose!.id, otto)).find((n) => n.id === one.id)).toMatchObject({
      forYou: true,
      unread: false,
    });
    expect((await forYou(otto)).map((n) => [n.id, n.unread])).toEqual([
      [two.id, true],
      [one.id, false],
    ]);
    expect(await unread(nora)).toBe(1);

    // A later note on the same story is new again.
    const three = await addNote(goose!.id, 'Again, @otto.other');
    expect(await unread(otto)).toBe(2);
    expect((await notesAs(goose!.id, otto)).find((n) => n.id === three.id)).toMatchObject({ unread: true });

    // All of them at once.
    expect(await markRead(otto, {})).toBe(0);
    expect((await forYou(otto)).every((n) => !n.unread)).toBe(true);
    expect(await unread(nora)).toBe(1);
    // Marking read touches neither the notes nor the article.
    const [after] = await t.database.db.selectFrom('articles').select('version').where('id', '=', goose!.id).execute();
    expect(after!.version).toBe(goose!.version);
  });

  it('leaves out a resolved note, from the count and from Notes for you, until it is reopened', async () => {
    const [goose] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
    const n = await addNote(goose!.id, '@otto.other can you call the goose?');
    expect(await unread(otto)).toBe(1);
    const url = `/api/admin/articles/${goose!.id}/notes/${n.id}`;
    const resolved = await call('PATCH', url, pia, { resolved: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await unread(otto)).toBe(0);
    expect(await forYou(otto)).toEqual([]);
    const reopened = await call('PATCH', url, pia, { resolved: false });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await unread(otto)).toBe(1);
    expect((await forYou(otto)).map((x) => x.id)).toEqual([n.id]);
  });

  it('counts a mention in a reply as one in a note, until its thread is resolved', async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
    const note = await addNote(a!.id, 'Who took the photo?');
    const res = await call('POST', `/api/admin/articles/${a!.id}/notes`, pia, {
      text: '@otto.other knows, ask him',
      replyTo: note.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as Note;
    expect(answer.mentions).toEqual([OTTO]);
    expect(await unread(otto)).toBe(1);
    expect((await forYou(otto)).map((n) => [n.id, n.unread])).toEqual([[answer.id, true]]);
    const [thread] = await notesAs(a!.id, otto);
    expect(thread!.replies.map((r) => [r.id, r.forYou, r.unread])).toEqual([[answer.id, true, true]]);
    // Resolving the note resolves its thread: the reply's mention leaves the count and Notes for you.
    expect(
      (await call('PATCH', `/api/admin/articles/${a!.id}/notes/${note.id}`, nora, { resolved: true })).statusCode,
    ).toBe(200);
    expect(await unread(otto)).toBe(0);
    expect(await forYou(otto)).toEqual([]);
  });

  it("makes a reply new to those in its thread (the note's author, earlier repliers), not its own author, and lists no mention for it", async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
    const question = await addNote(a!.id, 'Who took the photo?');
    const reply = async (text: string, who: { authorization: string }) => {
      const res = await call('POST', `/api/admin/articles/${a!.id}/notes`, who, { text, replyTo: question.id });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Note;
    };
    // Otto answers: Nora asked, so it is for her; the reply mentions no one.
    const first = await reply('The pond society', otto);
    expect(first.mentions).toEqual([]);
    expect(await unread(nora)).toBe(1);
    expect((await forYou(nora)).map((n) => [n.id, n.excerpt, n.createdBy, n.replyTo, n.unread])).toEqual([
      [first.id, 'The pond society', 'Otto Other', 'Nora Notes', true],
    ]);
    expect(await unread(otto)).toBe(0);
    const [thread] = await notesAs(a!.id, nora);
    expect(thread!.replies.map((r) => [r.mentions, r.forYou, r.unread])).toEqual([[[], true, true]]);

    // Pia joins, mentioning Otto: Nora and Otto are told once each (Otto by the mention), Pia not at all.
    const second = await reply('Thanks @otto.other, crediting them', pia);
    expect(second.mentions).toEqual([OTTO]);
    expect(await unread(nora)).toBe(2);
    expect(await unread(otto)).toBe(1);
    expect(await unread(pia)).toBe(0);
    const rows = await t.database.db
      .selectFrom('note_mentions')
      .select(['subject', 'kind', 'position'])
      .where('note_id', '=', second.id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { subject: 'editor-otto', kind: 'mention', position: 0 },
      { subject: 'editor-nora', kind: 'reply', position: 1 },
    ]);
    // Nora opens the story: read. Her own reply tells Otto and Pia, who wrote in the thread.
    expect(await markRead(nora, { articleId: a!.id })).toBe(0);
    await reply('Great, thank you both', nora);
    expect([await unread(otto), await unread(pia), await unread(nora)]).toEqual([2, 1, 0]);
    // Resolved, the thread leaves everyone's count.
    await call('PATCH', `/api/admin/articles/${a!.id}/notes/${question.id}`, nora, { resolved: true });
    expect([await unread(otto), await unread(pia)]).toEqual([0, 0]);
  });

  it('follows an edited text: a colleague still mentioned keeps their read mark, one taken out is no longer told, one added is told', async () => {
    const [a] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
    const note = await addNote(a!.id, 'Over to @otto.other');
    expect(await markRead(otto, { articleId: a!.id })).toBe(0);
    const edit = (text: string, who = nora) =>
      call('PATCH', `/api/admin/articles/${a!.id}/notes/${note.id}`, who, { text });
    // Pia added: new to her; Otto still mentioned, still read.
    const both = await edit('Over to @pia@press.example and @otto.other');
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().mentions).toEqual([PIA, OTTO]);
    expect([await unread(pia), await unread(otto)]).toEqual([1, 0]);
    expect((await forYou(pia)).map((n) => n.id)).toEqual([note.id]);
    // Otto taken out: the note is no longer his to read.
    expect((await edit('Over to @pia@press.example')).json().mentions).toEqual([PIA]);
    expect(await forYou(otto)).toEqual([]);
    expect(await unread(pia)).toBe(1);
    // A reply's author mentioned in the edited reply: their row stays one (it was theirs as a thread writer).
    const answer = await call('POST', `/api/admin/articles/${a!.id}/notes`, otto, { text: 'On it', replyTo: note.id });
    const edited = await call('PATCH', `/api/admin/articles/${a!.id}/notes/${answer.json().id}`, otto, {
      text: 'On it, @nora',
    });
    expect(edited.json().mentions).toEqual([{ username: 'nora', name: 'Nora Notes' }]);
    const rows = await t.database.db
      .selectFrom('note_mentions')
      .select(['subject', 'kind'])
      .where('note_id', '=', answer.json().id)
      .execute();
    expect(rows).toEqual([{ subject: 'editor-nora', kind: 'mention' }]);
    expect(await unread(nora)).toBe(1);
  });

  it("leaves out a deleted note, a story in the Trash (counted again once restored) and one's own notes", async () => {
    const [goose, swan] = await insertArticles(t.database.db, [
      { headline: 'Goose Elected To Parish Council' },
      { headline: 'Swan Demands Recount' },
    ]);
    await addNote(goose!.id, '@otto.other on the goose');
    const onSwan = await addNote(swan!.id, '@otto.other on the swan');
    expect(await unread(otto)).toBe(2);

    await t.database.db
      .updateTable('articles')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', goose!.id)
      .execute();
    expect(await unread(otto)).toBe(1);
    await t.database.db.updateTable('articles').set({ deleted_at: null }).where('id', '=', goose!.id).execute();
    expect(await unread(otto)).toBe(2);

    const removed = await call('DELETE', `/api/admin/articles/${swan!.id}/notes/${onSwan.id}`, nora);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await unread(otto)).toBe(1);
    await addNote(goose!.id, 'Myself, @nora');
    expect(await unread(nora)).toBe(0);
  });

  it('refuses a request it cannot read with a problem, and marks nothing', async () => {
    const [goose] = await insertArticles(t.database.db, [{ headline: 'Goose Elected To Parish Council' }]);
    await addNote(goose!.id, '@otto.other look');
    for (const payload of [{ articleId: 0 }, { articleId: 'goose' }, { articleId: 1.5 }, { every: true }]) {
      const res = await call('POST', '/api/admin/mentions/read', otto, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const missing = await call('POST', '/api/admin/mentions/read', otto, { articleId: goose!.id + 1000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.json()).toMatchObject({ detail: expect.stringContaining(String(goose!.id + 1000)) });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/mentions' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousRead = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mentions/read',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(anonymousRead.statusCode).toBe(401);
    expect(await unread(otto)).toBe(1);
  });

  it("counts a colleague's new mentions from the index of unread ones, each note and article by its primary key", async () => {
    // Sixty editors, each mentioned in many notes, who have read all but the newest few.
    await seedNewsroomNotes((i, at) => (i < 180 ? null : at));
    const repo = new ArticleNotesRepository(t.database.db, t.database.dialect, null);
    expect(await repo.unreadMentions('editor-7')).toBe(3);

    const statements = await statementsOf(t.database, (db) =>
      new ArticleNotesRepository(db, t.database.dialect, null).unreadMentions('editor-7'),
    );
    expect(statements).toHaveLength(1);
    const plan = (await queryPlan(t.database, statements[0]!)).join('\n');
    if (t.database.dialect === 'sqlite') {
      expect(plan).toMatch(/SEARCH m USING (COVERING )?INDEX note_mentions_unread_idx \(subject=\?\)/);
      expect(plan).toMatch(/SEARCH n USING INTEGER PRIMARY KEY/);
      expect(plan).toMatch(/SEARCH a USING INTEGER PRIMARY KEY/);
      expect(plan).not.toMatch(/SCAN (m|n|a)\b/);
    } else {
      expect(plan).toMatch(/Index (Only )?Scan using note_mentions_unread_idx on note_mentions m/);
      expect(plan).toMatch(/Index Scan using article_notes_pkey on article_notes n/);
      expect(plan).toMatch(/Index Scan using articles_pkey on articles a/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
