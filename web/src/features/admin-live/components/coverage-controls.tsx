import { useState } from 'react';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { useEndCoverage } from '../api/end-coverage.ts';
import { useStartCoverage } from '../api/start-coverage.ts';
import { coverageState, formatSince } from '../lib/coverage.ts';
import type { LiveArticle } from '../types.ts';

/** "Live since …" / "Coverage ended …" and the button that changes it (Start, End, Resume). */
export function CoverageControls({ article }: { article: LiveArticle }) {
  const start = useStartCoverage();
  const end = useEndCoverage();
  const [confirmEnd, setConfirmEnd] = useState(false);
  const state = coverageState(article);
  const busy = start.isPending || end.isPending;
  return (
    <div className="admin-live-coverage">
      {state === 'live' && article.liveStartedAt ? (
        <p>
          <span className="admin-badge admin-badge--live">Live</span> since{' '}
          <time dateTime={article.liveStartedAt}>{formatSince(article.liveStartedAt)}</time>
        </p>
      ) : state === 'ended' && article.liveEndedAt ? (
        <p>
          <span className="admin-badge admin-badge--ended">Ended</span> Coverage ended{' '}
          <time dateTime={article.liveEndedAt}>{formatSince(article.liveEndedAt)}</time>
        </p>
      ) : (
        <p className="admin-muted">Not a live blog. Live coverage adds timed entries to the story.</p>
      )}
      <div className="admin-actions">
        {state === 'live' ? (
          <button
            type="button"
            className="admin-btn admin-btn--small admin-btn--danger-outline"
            disabled={busy}
            onClick={() => setConfirmEnd(true)}
          >
            End coverage
          </button>
        ) : (
          <button
            type="button"
            className="admin-btn admin-btn--small admin-btn--primary"
            disabled={busy}
            onClick={() => start.mutate(article.id)}
          >
            {start.isPending ? 'Starting…' : state === 'ended' ? 'Resume coverage' : 'Start live coverage'}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirmEnd}
        title="End live coverage?"
        message="Readers see that coverage has ended; the entries stay on the story. You can resume it later."
        confirmLabel="End coverage"
        busyLabel="Ending…"
        busy={end.isPending}
        onConfirm={() => end.mutate(article.id, { onSettled: () => setConfirmEnd(false) })}
        onCancel={() => setConfirmEnd(false)}
      />
    </div>
  );
}
