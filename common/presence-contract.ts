/**
 * Editing presence (decision 047): while an editor has an article's screen open, the browser says so
 * every PRESENCE_HEARTBEAT_SECONDS; the others who have it open are shown a notice before they start
 * editing. A notice, not a lock: saves are still checked by version (decision 012).
 *
 *     PUT    /api/admin/articles/{id}/presence           PresenceHeartbeat: ArticlePresence (the others)
 *     DELETE /api/admin/articles/{id}/presence?tabId=    204 (the tab left the screen)
 *
 * The signed-in editor's own other tabs are not listed: the notice is about colleagues.
 */

/** How often an open article screen sends its heartbeat (and on becoming visible again). */
export const PRESENCE_HEARTBEAT_SECONDS = 20;

/**
 * A tab whose last heartbeat is older than this has left: three missed beats. Its row is not listed, and
 * the scheduler's next step deletes it.
 */
export const PRESENCE_WINDOW_SECONDS = 60;

/**
 * A tab's id: a random UUID the browser chooses once per article screen it opens, in the form of
 * `crypto.randomUUID()` (hexadecimal digits in groups of 8-4-4-4-12; either case).
 */
export const TAB_ID_PATTERN = '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';

/** PUT …/presence: this tab has the article's screen open. */
export interface PresenceHeartbeat {
  tabId: string;
}

/** An editor who has an article's screen open, as the notice and All Articles' rows name them. */
export interface PresenceName {
  /** Their display name, as the audit trail names them. */
  name: string;
  /** Their username at sign-in (their subject when the sign-in gave none): tells two of the same name apart. */
  username: string;
}

/** Another editor who has the article's screen open. */
export interface PresenceEditor extends PresenceName {
  /** When they opened it (ISO-8601 UTC; their earliest tab still open). */
  since: string;
}

/**
 * The names to show for `editors`, in their order: each one's display name, followed by their username in
 * brackets when another of them has the same display name ('Sam Editor (sam) and Sam Editor (sam2)').
 */
export function presenceNames(editors: readonly PresenceName[]): string[] {
  return editors.map((e) =>
    editors.some((other) => other !== e && other.name === e.name) ? `${e.name} (${e.username})` : e.name,
  );
}

/** The answer of a heartbeat: the other editors on the article now, who opened it first first. */
export interface ArticlePresence {
  editors: PresenceEditor[];
}
