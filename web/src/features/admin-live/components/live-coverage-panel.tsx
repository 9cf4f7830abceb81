import { useId } from 'react';
import { Link } from 'react-router';
import { coverageState } from '../lib/coverage.ts';
import type { LiveArticle } from '../types.ts';
import { CoverageControls } from './coverage-controls.tsx';

/** The article screen's "Live coverage" panel: start, end or resume it, and the way to the console. */
export function LiveCoveragePanel({ article, consoleHref }: { article: LiveArticle; consoleHref: string }) {
  const uid = useId();
  if (article.deletedAt) return null;
  return (
    <section className="admin-panel admin-live-panel" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Live coverage</h2>
      <CoverageControls article={article} />
      {coverageState(article) !== 'off' ? (
        <p>
          <Link className="admin-link" to={consoleHref}>
            Open live console
          </Link>
        </p>
      ) : null}
    </section>
  );
}
