import { Link } from 'react-router';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { paths } from '@/config/paths';
import { ArticleList, PinButton, type AdminArticle } from '@/features/admin-articles';
import {
  BackupStatusPanel,
  DashboardCards,
  LatestNotesPanel,
  MostReadPanel,
  NotesForYouPanel,
  PinnedStoriesPanel,
  UndescribedPicturesPanel,
  useDashboard,
} from '@/features/admin-dashboard';
import { FailedSharesPanel } from '@/features/article-shares';
import { AdminQueryError, errorParts } from '@/lib/admin-error-context';
import { useMarkMentionsRead, useUnreadMentions } from '@/lib/admin-mentions';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin: the dashboard (docs/product.md, Dashboard). */
export default function DashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const dashboard = useDashboard();
  const unread = useUnreadMentions().data?.unread ?? 0;
  const markRead = useMarkMentionsRead();
  if (dashboard.isError) return <AdminQueryError error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  if (!dashboard.data) return <AdminSpinner label="Loading dashboard…" />;
  const data = dashboard.data;
  return (
    <div className="admin-section" aria-busy={dashboard.isFetching}>
      <div className="admin-section__head">
        <h1>Dashboard</h1>
        <Link className="admin-btn admin-btn--primary" to={paths.admin.newArticle.getHref()}>
          New Article
        </Link>
      </div>
      <DashboardCards data={data} />
      <FailedSharesPanel />
      {data.backup ? <BackupStatusPanel backup={data.backup} /> : null}
      <UndescribedPicturesPanel count={data.undescribedPictures ?? 0} />
      <PinnedStoriesPanel action={(s) => <PinButton id={s.id} headline={s.headline} pinned />} />
      <MostReadPanel />
      {data.notesForYou ? (
        <NotesForYouPanel
          notes={data.notesForYou}
          unread={unread}
          onMarkAllRead={() =>
            markRead.mutate({}, { onError: (e) => toast({ title: errorParts(e).message, variant: 'destructive' }) })
          }
          marking={markRead.isPending}
        />
      ) : null}
      {data.latestNotes ? <LatestNotesPanel notes={data.latestNotes} /> : null}
      <section className="admin-section" aria-labelledby="admin-recent-title">
        <div className="admin-section__head">
          <h2 id="admin-recent-title">Recent Articles (Last 10)</h2>
          <Link
            className="admin-btn admin-btn--primary"
            to={paths.admin.articles.getHref({ page: 1, pageSize: 20, status: 'all' })}
          >
            View All Articles
          </Link>
        </div>
        <ArticleList articles={data.recentArticles as AdminArticle[]} />
      </section>
    </div>
  );
}
