import { presenceNames, type PresenceEditor } from '@common/presence-contract';
import { joinByline } from '@common/byline';
import { cx } from '@/lib/cx';

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * The notice's words (docs/product.md, Admin article detail); '' when nobody else has the article open. Two
 * of the same display name are told apart by their usernames (presenceNames).
 */
export function presenceText(editors: readonly PresenceEditor[]): string {
  if (editors.length === 0) return '';
  const named = presenceNames(editors);
  if (editors.length === 1) {
    const since = Date.parse(editors[0]!.since);
    const opened = Number.isFinite(since) ? ` (opened ${time.format(since)})` : '';
    return `${named[0]} is also editing this article${opened}. Changes you both save are checked against each other.`;
  }
  const names = joinByline(named);
  return `${names} are also editing this article. Changes any of you save are checked against each other.`;
}

/**
 * Who else has this article open (decision 047), above the screen so it is read before editing starts. A
 * polite live region that is always there (empty, it takes no room), so a colleague arriving is announced.
 */
export function PresenceNotice({ editors, className }: { editors: readonly PresenceEditor[]; className?: string }) {
  const text = presenceText(editors);
  return (
    <div className={cx('admin-presence', className)} role="status">
      {text ? <p className="admin-notice">{text}</p> : null}
    </div>
  );
}
