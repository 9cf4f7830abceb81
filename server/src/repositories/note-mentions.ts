import type { Transaction } from 'kysely';
import { MAX_COLLEAGUES, mentionTokens, type Colleague } from '../../../common/notes-contract.ts';
import type { Database } from '../db/schema.ts';
import { mentionableEditors, type NewsroomAccounts } from './activity-editors.ts';

/** A colleague a note is for, with the subject their rows are kept under. */
export type MentionedColleague = Colleague & { subject: string };

/**
 * Whom a note is for (`note_mentions`), written in the note's own transaction: the colleagues its text
 * mentions (decision 060), worked out again when its text is edited (decision 062), and, for a reply, the
 * editors who wrote in its thread (decision 061). `ArticleNotesRepository` reads the rows back.
 */
export class NoteMentions {
  /** `accounts`: who besides the editors seen in the newsroom can be mentioned (`newsroomAccounts`). */
  constructor(private readonly accounts: NewsroomAccounts | null) {}

  /**
   * Records the colleagues the note's text mentions: each '@' and the username (in any case) of an editor
   * the newsroom lists as a colleague (GET /api/admin/editors: seen, or an account not yet seen), once
   * each, in the order of the text. An '@' and a name nobody has is left as text.
   */
  async record(trx: Transaction<Database>, noteId: number, text: string, at: string): Promise<MentionedColleague[]> {
    const rows = await this.mentionedIn(trx, text);
    if (rows.length === 0) return [];
    await trx
      .insertInto('note_mentions')
      .values(
        rows.map((e, i) => ({
          note_id: noteId,
          subject: e.subject,
          username: e.username,
          name: e.name,
          position: i,
          created_at: at,
        })),
      )
      .execute();
    return rows.map((e) => ({ subject: e.subject, username: e.username, name: e.name }));
  }

  /** The colleagues `text` mentions, in the order of the text, each with their subject (see `record`). */
  private async mentionedIn(trx: Transaction<Database>, text: string): Promise<MentionedColleague[]> {
    const tokens = mentionTokens(text);
    if (tokens.length === 0) return [];
    const first = new Map<string, number>();
    for (const t of tokens) if (!first.has(t.username)) first.set(t.username, first.size);
    return (await mentionableEditors(trx, MAX_COLLEAGUES, this.accounts))
      .filter((e) => first.has(e.username.toLowerCase()))
      .map((e) => ({ ...e, position: first.get(e.username.toLowerCase())! }))
      .sort((a, b) => a.position - b.position || a.subject.localeCompare(b.subject))
      .map((e) => ({ subject: e.subject, username: e.username, name: e.name }));
  }

  /**
   * The note's mentions made those of its new text (decision 062): a colleague still mentioned keeps their
   * row and its read mark, one no longer mentioned loses it, one newly mentioned gets a new row (new to
   * them, dated `at`); one the reply was already for (kind 'reply') has that row become their mention.
   */
  async follow(trx: Transaction<Database>, noteId: number, text: string, at: string): Promise<void> {
    const wanted = await this.mentionedIn(trx, text);
    const had = await trx
      .selectFrom('note_mentions')
      .select(['subject', 'kind'])
      .where('note_id', '=', noteId)
      .execute();
    const keep = new Set(wanted.map((w) => w.subject));
    const gone = had.filter((h) => h.kind === 'mention' && !keep.has(h.subject)).map((h) => h.subject);
    if (gone.length > 0) {
      await trx.deleteFrom('note_mentions').where('note_id', '=', noteId).where('subject', 'in', gone).execute();
    }
    const existing = new Set(had.map((h) => h.subject));
    for (const [position, w] of wanted.entries()) {
      if (existing.has(w.subject)) {
        await trx
          .updateTable('note_mentions')
          .set({ kind: 'mention', position, username: w.username, name: w.name })
          .where('note_id', '=', noteId)
          .where('subject', '=', w.subject)
          .execute();
      } else {
        await trx
          .insertInto('note_mentions')
          .values({ note_id: noteId, subject: w.subject, username: w.username, name: w.name, position, created_at: at })
          .execute();
      }
    }
  }

  /**
   * A reply is for its thread (decision 061): the editors who wrote the note it answers and the thread's
   * earlier replies get a row (kind 'reply'), new to them as a mention is, after the reply's mentions;
   * not its author, and not one the reply already mentions.
   */
  async tellThread(
    trx: Transaction<Database>,
    replyId: number,
    thread: number,
    author: string,
    mentioned: { subject: string }[],
    at: string,
  ): Promise<void> {
    const skip = new Set([author, ...mentioned.map((m) => m.subject)]);
    const writers = await trx
      .selectFrom('article_notes')
      .select(['author_subject', 'author_name'])
      .where((eb) => eb.or([eb('id', '=', thread), eb('reply_to', '=', thread)]))
      .where('id', '<>', replyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const told = new Map<string, string>();
    for (const w of writers)
      if (!skip.has(w.author_subject) && !told.has(w.author_subject)) told.set(w.author_subject, w.author_name);
    if (told.size === 0) return;
    await trx
      .insertInto('note_mentions')
      .values(
        [...told].map(([subject, name], i) => ({
          note_id: replyId,
          subject,
          username: '',
          name,
          position: mentioned.length + i,
          created_at: at,
          kind: 'reply' as const,
        })),
      )
      .execute();
  }
}
