import type { Kysely, Transaction } from 'kysely';
import { commentExcerpt } from '../../../common/comment-excerpt.ts';
import { type Colleague, type LatestNote, type Note, type NoteForYou } from '../../../common/notes-contract.ts';
import type { Dialect } from '../db/dialect.ts';
import type { ArticleNoteRow, Database } from '../db/schema.ts';
import type { NewsroomAccounts } from './activity-editors.ts';
import { NoteMentions } from './note-mentions.ts';
import { writeAuditRows, type Actor } from './audit-log.ts';

/** Whether a note mentions its viewer (`mentioned`), and if so whether that mention is still new to them. */
export type ViewerMention = { mentioned: false } | { mentioned: true; read: boolean };

/** A note row as the newsroom's API gives it to `viewer` (the signed-in editor's subject). */
export function toNote(
  row: ArticleNoteRow,
  viewer: string,
  mentions: Colleague[],
  forViewer: ViewerMention = { mentioned: false },
): Note {
  const mine = row.author_subject === viewer;
  const forYou = forViewer.mentioned && !mine;
  return {
    id: Number(row.id),
    text: row.text,
    createdAt: row.created_at,
    createdBy: row.author_name,
    mine,
    mentions,
    forYou,
    unread: forViewer.mentioned && !forViewer.read && !mine,
    resolved: row.resolved_at ? { at: row.resolved_at, by: row.resolved_by ?? '' } : null,
    replyTo: row.reply_to === null ? null : Number(row.reply_to),
    editedAt: row.edited_at,
    replies: [],
  };
}

/** The notes, newest first, as threads: each note of its own with its replies under it, oldest first. */
function threads(notes: Note[]): Note[] {
  const top = notes.filter((n) => n.replyTo === null);
  const byId = new Map(top.map((n) => [n.id, n]));
  // `notes` is newest first: a reply is put before those already placed, so each thread reads oldest first.
  for (const { replies: _none, ...reply } of notes) {
    if (reply.replyTo !== null) byId.get(reply.replyTo)?.replies.unshift(reply);
  }
  return top;
}

/** Colleagues once each by username (one seen under two subjects, as two sign-in providers may give). */
function uniqueColleagues(list: Colleague[]): Colleague[] {
  const seen = new Set<string>();
  return list.filter((c) => !seen.has(c.username.toLowerCase()) && seen.add(c.username.toLowerCase()));
}

/**
 * What the Dashboard's lists of notes read of a note (`n`), its article (`a`) and, for a reply, the note it
 * answers (`p`, left-joined by its primary key).
 */
const LATEST_COLUMNS = [
  'n.id',
  'n.article_id',
  'a.headline',
  'n.text',
  'n.created_at',
  'n.author_name',
  'p.author_name as answered_name',
] as const;

type LatestRow = Pick<ArticleNoteRow, 'id' | 'article_id' | 'text' | 'created_at' | 'author_name'> & {
  headline: string;
  answered_name: string | null;
};

function toLatest(row: LatestRow): LatestNote {
  return {
    id: Number(row.id),
    articleId: Number(row.article_id),
    headline: row.headline,
    excerpt: commentExcerpt(row.text),
    createdAt: row.created_at,
    createdBy: row.author_name,
    replyTo: row.answered_name,
  };
}

/**
 * Why a note write was refused: no such article or note, the article in the trash (notes are read-only
 * there), (deleting) the note is someone else's; a reply to a note the article does not have, or to a
 * resolved one (reopened first); resolving a reply rather than its note (decision 061).
 */
export type NoteRefusal =
  | { ok: false; reason: 'not-found' | 'note-not-found' | 'not-author' }
  | { ok: false; reason: 'deleted'; deletedAt: string }
  | { ok: false; reason: 'reply-to-not-found' | 'reply-not-resolvable' | 'not-author-edit'; thread?: number }
  | { ok: false; reason: 'thread-resolved'; thread: number; doing: 'reply' | 'edit' };

type ArticleState = { id: number; headline: string; deleted_at: string | null };

/**
 * Notes on an article (decision 058): internal, never read by a public page, feed, export or preview.
 * Every write checks the article in its transaction (share-locked on PostgreSQL, so a move to the trash
 * running at the same time comes first or after) and writes its audit row there, without the note's text.
 * The article itself is not touched: its version, update time and History stay as they are.
 */
export class ArticleNotesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** Who besides the editors seen in the newsroom can be mentioned (`newsroomAccounts`). */
    accounts: NewsroomAccounts | null,
  ) {
    this.mentions = new NoteMentions(accounts);
  }

  /** Whom each note written here is for (its mentions; a reply's thread). */
  private readonly mentions: NoteMentions;

  /** The article's state (undefined: no such article); an article in the trash too. */
  async article(id: number): Promise<ArticleState | undefined> {
    return this.db
      .selectFrom('articles')
      .select(['id', 'headline', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The article's notes, newest first, as `viewer` sees them, each with the colleagues it mentions and
   * its replies under it, oldest first (decision 061).
   */
  async list(articleId: number, viewer: string, db: Kysely<Database> = this.db): Promise<Note[]> {
    const rows = await db
      .selectFrom('article_notes')
      .selectAll()
      .where('article_id', '=', articleId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const mentions = await db
      .selectFrom('note_mentions as m')
      .innerJoin('article_notes as n', 'n.id', 'm.note_id')
      .select(['m.note_id', 'm.subject', 'm.username', 'm.name', 'm.read_at', 'm.kind'])
      .where('n.article_id', '=', articleId)
      .orderBy('m.note_id')
      .orderBy('m.position')
      .execute();
    const byNote = new Map<number, Colleague[]>();
    const forViewer = new Map<number, ViewerMention>();
    for (const m of mentions) {
      // A reply's row for someone in its thread makes it theirs to read, not a mention in its text.
      if (m.kind === 'mention') {
        const list = byNote.get(Number(m.note_id)) ?? [];
        byNote.set(Number(m.note_id), uniqueColleagues([...list, { username: m.username, name: m.name }]));
      }
      if (m.subject === viewer) forViewer.set(Number(m.note_id), { mentioned: true, read: m.read_at !== null });
    }
    return threads(
      rows.map((row) => toNote(row, viewer, byNote.get(Number(row.id)) ?? [], forViewer.get(Number(row.id)))),
    );
  }

  /**
   * The newest `limit` open (not resolved) notes across the articles out of the Trash (the Dashboard's
   * 'Latest notes'), each its text's excerpt with its article's headline. One statement: the notes by (created_at, id) backwards
   * (migration 055's index), each article probed by its primary key.
   */
  async latest(limit: number): Promise<LatestNote[]> {
    const rows = await this.db
      .selectFrom('article_notes as n')
      .innerJoin('articles as a', 'a.id', 'n.article_id')
      .leftJoin('article_notes as p', 'p.id', 'n.reply_to')
      .select(LATEST_COLUMNS)
      .where('n.resolved_at', 'is', null)
      .where('a.deleted_at', 'is', null)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toLatest);
  }

  /**
   * The newest `limit` of `mentionsOf(subject)` (the Dashboard's 'Notes for you'), as `latest` lists notes,
   * each saying whether the mention is new to them. One statement: the colleague's mentions newest first
   * (migration 056's index), each note and its article probed by primary key, stopping at the `limit`th.
   */
  async forYou(subject: string, limit: number): Promise<NoteForYou[]> {
    const rows = await this.mentionsOf(subject)
      .leftJoin('article_notes as p', 'p.id', 'n.reply_to')
      .select([...LATEST_COLUMNS, 'm.read_at'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.note_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...toLatest(row), unread: row.read_at === null }));
  }

  /**
   * How many of `mentionsOf(subject)` are new to them (the newsroom header's count). One statement: their
   * unread mentions from migration 057's partial index, which holds unread rows only, each note and article
   * probed by primary key.
   */
  async unreadMentions(subject: string): Promise<number> {
    const row = await this.mentionsOf(subject)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('m.read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * How many open (not resolved) notes each of the articles has, replies not counted apart from their note,
   * for a page of All Articles: one statement
   * from migration 053's index by article. An article without any is not in the map.
   */
  async openCounts(articleIds: readonly number[]): Promise<Map<number, number>> {
    if (articleIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('article_notes')
      .select((eb) => ['article_id', eb.fn.countAll<number | string | bigint>().as('count')])
      .where('article_id', 'in', articleIds)
      .where('resolved_at', 'is', null)
      .where('reply_to', 'is', null)
      .groupBy('article_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.article_id), Number(r.count)]));
  }

  /**
   * The mentions of `subject` (`m`) that are theirs to read, each with its note (`n`) and article (`a`):
   * in a colleague's open note (not their own, not resolved) on a story out of the Trash. 'Notes for you'
   * and the header's count both read them.
   */
  private mentionsOf(subject: string) {
    return this.db
      .selectFrom('note_mentions as m')
      .innerJoin('article_notes as n', 'n.id', 'm.note_id')
      .innerJoin('articles as a', 'a.id', 'n.article_id')
      .where('m.subject', '=', subject)
      .where('n.author_subject', '<>', subject)
      .where('n.resolved_at', 'is', null)
      .where('a.deleted_at', 'is', null);
  }

  /**
   * Marks read, at `now`, the mentions of `subject` still new to them: those in the notes of the article
   * `articleId` (its screen showed them), or all of them without one. Reading is the editor's own business:
   * no audit row, and the notes and the article are untouched.
   */
  async markMentionsRead(subject: string, articleId: number | undefined, now: Date): Promise<void> {
    let update = this.db
      .updateTable('note_mentions')
      .set({ read_at: now.toISOString() })
      .where('subject', '=', subject)
      .where('read_at', 'is', null);
    if (articleId !== undefined) {
      update = update.where('note_id', 'in', (eb) =>
        eb.selectFrom('article_notes').select('id').where('article_id', '=', articleId),
      );
    }
    await update.execute();
  }

  /**
   * A new note by `actor`, dated `now`; with `replyTo`, a reply in the thread of that note of the article
   * (a reply to a reply joins the same thread), refused while the thread is resolved (decision 061).
   */
  async add(
    articleId: number,
    text: string,
    actor: Actor,
    now: Date,
    replyTo?: number,
  ): Promise<{ ok: true; note: Note } | NoteRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      let thread: number | null = null;
      if (replyTo !== undefined) {
        const target = await this.noteOf(trx, articleId, replyTo);
        if (!target) return { ok: false as const, reason: 'reply-to-not-found' as const };
        thread = target.reply_to === null ? Number(target.id) : Number(target.reply_to);
        const root = await this.lockThread(trx, thread);
        if (root.resolved_at !== null) {
          return { ok: false as const, reason: 'thread-resolved' as const, thread, doing: 'reply' as const };
        }
      }
      const at = now.toISOString();
      const row = await trx
        .insertInto('article_notes')
        .values({
          article_id: articleId,
          text,
          created_at: at,
          author_subject: actor.subject,
          author_name: actor.name,
          reply_to: thread,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const mentioned = await this.mentions.record(trx, Number(row.id), text, at);
      if (thread !== null) await this.mentions.tellThread(trx, Number(row.id), thread, actor.subject, mentioned, at);
      const note = toNote(
        row,
        actor.subject,
        uniqueColleagues(mentioned.map(({ username, name }) => ({ username, name }))),
      );
      // The audit row names the article and the note (and the note a reply answers), never the text.
      await writeAuditRows(trx, [
        {
          action: 'note-add',
          articleId,
          actor,
          at,
          before: null,
          after: { headline: article.row.headline, noteId: note.id, ...(thread === null ? {} : { replyTo: thread }) },
        },
      ]);
      return { ok: true as const, note };
    });
  }

  /**
   * The note resolved (`resolved`) or reopened by `actor`, any editor, at `now`, with its audit row; a
   * note already so is answered as it is, with no row. The article is untouched.
   */
  async resolve(
    articleId: number,
    noteId: number,
    resolved: boolean,
    actor: Actor,
    now: Date,
  ): Promise<{ ok: true; note: Note } | NoteRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      const target = await this.noteOf(trx, articleId, noteId);
      if (!target) return { ok: false as const, reason: 'note-not-found' as const };
      if (target.reply_to !== null) {
        return { ok: false as const, reason: 'reply-not-resolvable' as const, thread: Number(target.reply_to) };
      }
      // Locked first, so a reply being added to the thread at the same time is written before the update
      // below reads the thread (and is resolved with it) or after (and is refused).
      const before = await this.lockThread(trx, noteId);
      if ((before.resolved_at !== null) !== resolved) {
        const at = now.toISOString();
        // The thread as one: the note and its replies.
        await trx
          .updateTable('article_notes')
          .set(resolved ? { resolved_at: at, resolved_by: actor.name } : { resolved_at: null, resolved_by: null })
          .where((eb) => eb.or([eb('id', '=', noteId), eb('reply_to', '=', noteId)]))
          .execute();
        await writeAuditRows(trx, [
          {
            action: resolved ? 'note-resolve' : 'note-reopen',
            articleId,
            actor,
            at,
            before: { headline: article.row.headline, noteId, resolved: !resolved },
            after: { headline: article.row.headline, noteId, resolved },
          },
        ]);
      }
      const note = (await this.list(articleId, actor.subject, trx)).find((n) => n.id === noteId)!;
      return { ok: true as const, note };
    });
  }

  /** A note deleted by its author; anyone else is refused ('not-author'). */
  /**
   * The note's or reply's new text by its author, at `now`, while its thread is open (decision 062): dated
   * `edited_at`, its mentions made those of the new text, with a `note-edit` audit row (never the text). The
   * same text changes nothing and writes no row. The article is untouched.
   */
  async edit(
    articleId: number,
    noteId: number,
    text: string,
    actor: Actor,
    now: Date,
  ): Promise<{ ok: true; note: Note } | NoteRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      const before = await this.noteOf(trx, articleId, noteId);
      if (!before) return { ok: false as const, reason: 'note-not-found' as const };
      if (before.author_subject !== actor.subject) return { ok: false as const, reason: 'not-author-edit' as const };
      const thread = before.reply_to === null ? noteId : Number(before.reply_to);
      if ((await this.lockThread(trx, thread)).resolved_at !== null) {
        return { ok: false as const, reason: 'thread-resolved' as const, thread, doing: 'edit' as const };
      }
      if (before.text !== text) {
        const at = now.toISOString();
        await trx.updateTable('article_notes').set({ text, edited_at: at }).where('id', '=', noteId).execute();
        await this.mentions.follow(trx, noteId, text, at);
        const names = { headline: article.row.headline, noteId, ...(thread === noteId ? {} : { replyTo: thread }) };
        await writeAuditRows(trx, [{ action: 'note-edit', articleId, actor, at, before: names, after: names }]);
      }
      const listed = (await this.list(articleId, actor.subject, trx)).find((n) => n.id === thread)!;
      const note = thread === noteId ? listed : { ...listed.replies.find((r) => r.id === noteId)!, replies: [] };
      return { ok: true as const, note };
    });
  }

  async remove(articleId: number, noteId: number, actor: Actor, now: Date): Promise<{ ok: true } | NoteRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const article = await this.lockArticle(trx, articleId);
      if (!article.ok) return article;
      const before = await this.noteOf(trx, articleId, noteId);
      if (!before) return { ok: false as const, reason: 'note-not-found' as const };
      if (before.author_subject !== actor.subject) return { ok: false as const, reason: 'not-author' as const };
      // A note's replies go with it (the foreign key's cascade): the thread is its author's to delete.
      const replies = await trx
        .selectFrom('article_notes')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('reply_to', '=', noteId)
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('article_notes').where('id', '=', noteId).execute();
      await writeAuditRows(trx, [
        {
          action: 'note-delete',
          articleId,
          actor,
          at: now.toISOString(),
          before: {
            headline: article.row.headline,
            noteId,
            createdAt: before.created_at,
            ...(before.reply_to === null ? { replies: Number(replies.count) } : { replyTo: before.reply_to }),
          },
          after: null,
        },
      ]);
      return { ok: true as const };
    });
  }

  /** The article's note (or reply) `noteId`, undefined when the article has no such note. */
  private async noteOf(trx: Transaction<Database>, articleId: number, noteId: number) {
    return trx
      .selectFrom('article_notes')
      .selectAll()
      .where('id', '=', noteId)
      .where('article_id', '=', articleId)
      .executeTakeFirst();
  }

  /** The note that starts a thread, locked for the rest of the transaction on PostgreSQL (a reply and a resolution wait for each other). */
  private async lockThread(trx: Transaction<Database>, noteId: number): Promise<{ resolved_at: string | null }> {
    let q = trx.selectFrom('article_notes').select('resolved_at').where('id', '=', noteId);
    if (this.dialect === 'postgres') q = q.forUpdate();
    return q.executeTakeFirstOrThrow();
  }

  private async lockArticle(
    trx: Transaction<Database>,
    articleId: number,
  ): Promise<{ ok: true; row: ArticleState } | NoteRefusal> {
    let q = trx.selectFrom('articles').select(['id', 'headline', 'deleted_at']).where('id', '=', articleId);
    if (this.dialect === 'postgres') q = q.forShare();
    const row = await q.executeTakeFirst();
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.deleted_at) return { ok: false, reason: 'deleted', deletedAt: row.deleted_at };
    return { ok: true, row };
  }
}
