/**
 * Is this error the database refusing a row whose article is gone (deleted for good meanwhile)?
 * PostgreSQL's foreign_key_violation, or better-sqlite3's extended code; the driver's error may be
 * wrapped a few levels deep in `cause`.
 */
export function isMissingArticle(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
  }
  return false;
}
