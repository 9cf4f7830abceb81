import { useState } from 'react';
import { Link, useMatch } from 'react-router';
import { getAppConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth';

/** docs/product.md, Admin header. */
export function AdminHeader() {
  const { account, signOut } = useAuth();
  const onList = useMatch(paths.admin.articles.path);
  const onDetail = useMatch(paths.admin.article.path);
  const onNew = useMatch(paths.admin.newArticle.path);
  const [signingOut, setSigningOut] = useState(false);
  const who = account?.name || account?.username || '';
  return (
    <header className="admin-header">
      <div className="admin-header__inner">
        <Link to={paths.admin.root.getHref()} className="admin-header__title">
          {getAppConfig().siteName} <span className="admin-header__sub">Admin</span>
        </Link>
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
          {onList || onDetail ? (
            <Link className="admin-btn admin-btn--small" to={paths.admin.root.getHref()}>
              Back to Dashboard
            </Link>
          ) : null}
          <Link className="admin-btn admin-btn--small" to={paths.admin.audit.getHref()}>
            Audit
          </Link>
          <Link className="admin-btn admin-btn--small" to={paths.admin.authors.getHref()}>
            Authors
          </Link>
          <Link className="admin-btn admin-btn--small" to={paths.admin.tags.getHref()}>
            Tags
          </Link>
          <Link className="admin-btn admin-btn--small" to={paths.admin.pictures.getHref()}>
            Pictures
          </Link>
          <Link className="admin-btn admin-btn--small" to={paths.admin.social.getHref()}>
            Social Auth
          </Link>
          <Link className="admin-btn admin-btn--small" to={paths.admin.socialTest.getHref()}>
            Test Publish
          </Link>
        </nav>
        <div className="admin-header__user">
          {who ? (
            <span className="admin-header__name" title={account?.username}>
              <span className="admin-sr-only">Signed in as </span>
              {who}
            </span>
          ) : null}
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
    </header>
  );
}
