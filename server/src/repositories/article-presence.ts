import type { Kysely } from 'kysely';
import { PRESENCE_WINDOW_SECONDS, type PresenceEditor, type PresenceName } from '../../../common/presence-contract.ts';
import type { Database } from '../db/schema.ts';
import { isMissingArticle } from './missing-article.ts';
import type { Actor } from './audit-log.ts';

/** How many stale rows one sweep deletes at most (the rest are the next sweep's). */
export const PRESENCE_SWEEP_LIMIT = 500;

/**
 * Editing presence (decision 047): who has an article's screen open, one row per editor's tab. Not an
 * edit of the article: nothing is audited and nothing else is written. A heartbeat writes its own row
 * alone and the list leaves rows older than the window out; the scheduler's sweep deletes those rows one
 * statement per row, so no statement here ever holds the lock of one presence row while waiting for
 * another's, and none can deadlock with a Delete for good, whose cascade deletes the article's rows in an
 * order of its own (decision 047, 'Deleting stale rows').
 */
export class ArticlePresenceRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly windowSeconds = PRESENCE_WINDOW_SECONDS,
  ) {}

  /** The oldest `last_seen` that still counts at `now`. */
  private cutoff(now: Date): string {
    return new Date(now.getTime() - this.windowSeconds * 1000).toISOString();
  }

  /** Whether the article exists (in the Trash or not). */
  private async exists(articleId: number): Promise<boolean> {
    const row = await this.db.selectFrom('articles').select('id').where('id', '=', articleId).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The tab's heartbeat on the article at `now` (its first one opens it): the other editors seen on it
   * within the window, each once (their earliest open tab's time), who opened it first first. The
   * editor's own other tabs are not listed. Undefined: no such article.
   */
  async beat(articleId: number, editor: Actor, tabId: string, now: Date): Promise<PresenceEditor[] | undefined> {
    if (!(await this.exists(articleId))) return undefined;
    const at = now.toISOString();
    const cutoff = this.cutoff(now);
    try {
      await this.db
        .insertInto('article_presence')
        .values({
          article_id: articleId,
          editor_subject: editor.subject,
          editor_name: editor.name,
          tab_id: tabId,
          opened_at: at,
          last_seen: at,
        })
        .onConflict((oc) =>
          oc.columns(['article_id', 'editor_subject', 'tab_id']).doUpdateSet((eb) => ({
            editor_name: editor.name,
            // A tab that comes back after the window (its row not swept yet) is opened again, now.
            opened_at: eb
              .case()
              .when('article_presence.last_seen', '<', cutoff)
              .then(at)
              .else(eb.ref('article_presence.opened_at'))
              .end(),
            last_seen: at,
          })),
        )
        .execute();
    } catch (err) {
      // Deleted for good between the check and the write.
      if (isMissingArticle(err)) return undefined;
      throw err;
    }
    return this.others(articleId, editor.subject, now);
  }

  /**
   * The rows seen within the window at `now`, of editors other than `subject`, with each editor's username
   * (the one their last sign-in gave, as the dashboard's Active Users records it; their subject without one).
   */
  private seen(now: Date, subject: string) {
    return this.db
      .selectFrom('article_presence as p')
      .leftJoin('editor_activity as a', 'a.subject', 'p.editor_subject')
      .where('p.editor_subject', '<>', subject)
      .where('p.last_seen', '>=', this.cutoff(now));
  }

  /** The editors other than `subject` seen on the article within the window at `now`. */
  async others(articleId: number, subject: string, now: Date): Promise<PresenceEditor[]> {
    const rows = await this.seen(now, subject)
      .select((eb) => [
        'p.editor_subject',
        eb.fn.max('p.editor_name').as('name'),
        eb.fn.max('a.username').as('username'),
        eb.fn.min('p.opened_at').as('since'),
      ])
      .where('p.article_id', '=', articleId)
      .groupBy('p.editor_subject')
      .orderBy('since')
      .orderBy('p.editor_subject')
      .execute();
    return rows.map((r) => ({ name: r.name, username: r.username || r.editor_subject, since: r.since }));
  }

  /**
   * For a list's page (All Articles): the editors other than `subject` seen within the window at `now` on
   * each of `articleIds`, by article, each editor once, who opened it first first. Articles nobody else has
   * open are not in the map. One statement, whatever the page's size: every screen open in the window (the
   * table holds little more than the last minute's, a row per open tab), kept to the page's ids here.
   */
  async othersOn(articleIds: readonly number[], subject: string, now: Date): Promise<Map<number, PresenceName[]>> {
    const byArticle = new Map<number, PresenceName[]>();
    if (articleIds.length === 0) return byArticle;
    const rows = await this.seen(now, subject)
      .select((eb) => [
        'p.article_id',
        'p.editor_subject',
        eb.fn.max('p.editor_name').as('name'),
        eb.fn.max('a.username').as('username'),
        eb.fn.min('p.opened_at').as('since'),
      ])
      .groupBy(['p.article_id', 'p.editor_subject'])
      .orderBy('p.article_id')
      .orderBy('since')
      .orderBy('p.editor_subject')
      .execute();
    const onPage = new Set(articleIds);
    for (const r of rows) {
      const id = Number(r.article_id);
      if (!onPage.has(id)) continue;
      const editor = { name: r.name, username: r.username || r.editor_subject };
      const editors = byArticle.get(id);
      if (editors) editors.push(editor);
      else byArticle.set(id, [editor]);
    }
    return byArticle;
  }

  /** The tab left the article's screen. False: no such article. */
  async leave(articleId: number, editor: Actor, tabId: string): Promise<boolean> {
    if (!(await this.exists(articleId))) return false;
    await this.db
      .deleteFrom('article_presence')
      .where('article_id', '=', articleId)
      .where('editor_subject', '=', editor.subject)
      .where('tab_id', '=', tabId)
      .execute();
    return true;
  }

  /**
   * Deletes the rows not heard from within the window at `now` (the scheduler's periodic work): at most
   * `limit` of them, each by its own statement that names its key and checks it is still stale (a tab
   * that beat meanwhile keeps its row). One row a statement: such a statement holds no presence row's
   * lock while it waits, so it cannot deadlock with a Delete for good deleting the same rows in another
   * order. Answers how many it deleted.
   */
  async sweep(now: Date, limit = PRESENCE_SWEEP_LIMIT): Promise<number> {
    const cutoff = this.cutoff(now);
    const stale = await this.db
      .selectFrom('article_presence')
      .select(['article_id', 'editor_subject', 'tab_id'])
      .where('last_seen', '<', cutoff)
      .limit(limit)
      .execute();
    let deleted = 0;
    for (const row of stale) {
      const result = await this.db
        .deleteFrom('article_presence')
        .where('article_id', '=', row.article_id)
        .where('editor_subject', '=', row.editor_subject)
        .where('tab_id', '=', row.tab_id)
        .where('last_seen', '<', cutoff)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  }
}
