import type { Kysely } from 'kysely';
import { PRESENCE_WINDOW_SECONDS, type PresenceEditor } from '../../../common/presence-contract.ts';
import type { Database } from '../db/schema.ts';
import type { Actor } from './audit-log.ts';

/** Is this error the database refusing a row whose article is gone (deleted for good meanwhile)? */
function isMissingArticle(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    // PostgreSQL's foreign_key_violation; better-sqlite3's extended code.
    if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  }
  return false;
}

/**
 * Editing presence (decision 047): who has an article's screen open, one row per editor's tab. Not an
 * edit of the article: nothing is audited and nothing else is written. A heartbeat deletes every row
 * older than the window (of any article) before it writes its own, so no timer is needed and the table
 * holds only the screens open in the last minute; the list leaves such rows out anyway, whenever the
 * deletion ran.
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
    // Stale rows first: a tab that comes back after the window is opened again, now.
    await this.db.deleteFrom('article_presence').where('last_seen', '<', cutoff).execute();
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
          oc
            .columns(['article_id', 'editor_subject', 'tab_id'])
            .doUpdateSet({ editor_name: editor.name, last_seen: at }),
        )
        .execute();
    } catch (err) {
      // Deleted for good between the check and the write.
      if (isMissingArticle(err)) return undefined;
      throw err;
    }
    return this.others(articleId, editor.subject, now);
  }

  /** The editors other than `subject` seen on the article within the window at `now`. */
  async others(articleId: number, subject: string, now: Date): Promise<PresenceEditor[]> {
    const rows = await this.db
      .selectFrom('article_presence')
      .select((eb) => ['editor_subject', eb.fn.max('editor_name').as('name'), eb.fn.min('opened_at').as('since')])
      .where('article_id', '=', articleId)
      .where('editor_subject', '<>', subject)
      .where('last_seen', '>=', this.cutoff(now))
      .groupBy('editor_subject')
      .orderBy('since')
      .orderBy('editor_subject')
      .execute();
    return rows.map((r) => ({ name: r.name, since: r.since }));
  }

  /**
   * For a list's page (All Articles): the editors other than `subject` seen within the window at `now` on
   * each of `articleIds`, by article, each editor once by display name, who opened it first first. Articles
   * nobody else has open are not in the map. One statement, whatever the page's size: every screen open in
   * the window (the table holds only the last minute's, a row per open tab), kept to the page's ids here.
   */
  async othersOn(articleIds: readonly number[], subject: string, now: Date): Promise<Map<number, string[]>> {
    const byArticle = new Map<number, string[]>();
    if (articleIds.length === 0) return byArticle;
    const rows = await this.db
      .selectFrom('article_presence')
      .select((eb) => [
        'article_id',
        'editor_subject',
        eb.fn.max('editor_name').as('name'),
        eb.fn.min('opened_at').as('since'),
      ])
      .where('editor_subject', '<>', subject)
      .where('last_seen', '>=', this.cutoff(now))
      .groupBy(['article_id', 'editor_subject'])
      .orderBy('article_id')
      .orderBy('since')
      .orderBy('editor_subject')
      .execute();
    const onPage = new Set(articleIds);
    for (const r of rows) {
      const id = Number(r.article_id);
      if (!onPage.has(id)) continue;
      const names = byArticle.get(id);
      if (names) names.push(r.name);
      else byArticle.set(id, [r.name]);
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
}
