import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useMatch } from 'react-router';
import { getAppConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { AppearanceControl } from '@/features/admin-appearance';
import { QuickSearch } from '@/features/admin-search';
import { useAuth } from '@/features/auth';
import { useUnreadMentions } from '@/lib/admin-mentions';

/** The header's links after Calendar and Back to Dashboard, in their order. */
const SCREENS = [
  { route: paths.admin.audit, label: 'Audit' },
  { route: paths.admin.authors, label: 'Authors' },
  { route: paths.admin.tags, label: 'Tags' },
  { route: paths.admin.pictures, label: 'Pictures' },
  { route: paths.admin.social, label: 'Social Auth' },
  { route: paths.admin.socialTest, label: 'Test Publish' },
] as const;

/** docs/product.md, Admin header. */
export function AdminHeader() {
  const { account, signOut } = useAuth();
  const onList = useMatch(paths.admin.articles.path);
  const onDetail = useMatch(paths.admin.article.path);
  const onNew = useMatch(paths.admin.newArticle.path);
  const [signingOut, setSigningOut] = useState(false);
  const who = account?.name || account?.username || '';
  // On a small screen the links, the name, Appearance and Sign Out are behind 'Menu' (a disclosure): shut
  // when the page opens, after any move to another screen, and by Escape (the focus back on 'Menu').
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();
  useEffect(() => setMenuOpen(false), [key]);
  return (
    <header className="admin-header">
      <div className="admin-header__inner">
        <Link to={paths.admin.root.getHref()} className="admin-header__title">
          {getAppConfig().siteName} <span className="admin-header__sub">Admin</span>
        </Link>
        <NewMentions />
        <QuickSearch editor={account?.subject} />
        <button
          ref={menuButton}
          type="button"
          className="admin-btn admin-btn--small admin-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div
          id="admin-menu"
          className="admin-header__menu"
          data-open={menuOpen ? '' : undefined}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || !menuOpen) return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          <nav className="admin-header__nav" aria-label="Admin">
            <Link
              className="admin-btn admin-btn--small"
              to={paths.admin.articles.getHref()}
              aria-current={onList ? 'page' : undefined}
            >
              Articles
            </Link>
            <Link
              className="admin-btn admin-btn--small"
              to={paths.admin.newArticle.getHref()}
              aria-current={onNew ? 'page' : undefined}
            >
              New Article
            </Link>
            <NavItem path={paths.admin.calendar.path} to={paths.admin.calendar.getHref()}>
              Calendar
            </NavItem>
            {onList || onDetail ? (
              <Link className="admin-btn admin-btn--small" to={paths.admin.root.getHref()}>
                Back to Dashboard
              </Link>
            ) : null}
            {SCREENS.map(({ route, label }) => (
              <NavItem key={label} path={route.path} to={route.getHref()}>
                {label}
              </NavItem>
            ))}
          </nav>
          <div className="admin-header__user">
            {who ? (
              <span className="admin-header__name" title={account?.username}>
                <span className="admin-sr-only">Signed in as </span>
                {who}
              </span>
            ) : null}
            <AppearanceControl />
            <button
              type="button"
              className="admin-btn admin-btn--small"
              disabled={signingOut}
              onClick={async () => {
                setSigningOut(true);
                try {
                  await signOut();
                } finally {
                  setSigningOut(false);
                }
              }}
            >
              {signingOut ? 'Signing out…' : 'Sign Out'}
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}

/**
 * The signed-in editor's new mentions (decision 060), beside the title on every screen and at every width:
 * '@ 3' (a screen reader hears '3 new mentions'), to the Dashboard's 'Notes for you'; nothing when none.
 */
function NewMentions() {
  const unread = useUnreadMentions().data?.unread ?? 0;
  if (unread === 0) return null;
  const said = `${unread.toLocaleString('en-GB')} new ${unread === 1 ? 'mention' : 'mentions'}`;
  return (
    <Link
      className="admin-btn admin-btn--small admin-header__mentions"
      to={paths.admin.root.getHref({ notesForYou: true })}
      title={`${said}: Notes for you, on the Dashboard`}
    >
      <span aria-hidden="true">@ {unread > 99 ? '99+' : unread}</span>
      <span className="admin-sr-only">{said}</span>
    </Link>
  );
}

/** A header link that says when it is the page shown (`aria-current`, and drawn filled). */
function NavItem({ path, to, children }: { path: string; to: string; children: ReactNode }) {
  const here = useMatch(path);
  return (
    <Link className="admin-btn admin-btn--small" to={to} aria-current={here ? 'page' : undefined}>
      {children}
    </Link>
  );
}
