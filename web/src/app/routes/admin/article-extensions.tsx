import {
  ShareChoiceEditor,
  ShareStatusLine,
  ShareStatusPanel,
  useRemovePostsOffer,
  useShareChoiceStep,
  useShareDefaults,
} from '@/features/article-shares';
import '@/features/article-shares/article-shares.css';
import type { AdminArticle, ArticleExtensions } from '@/features/admin-articles';
import { LiveCoveragePanel } from '@/features/admin-live';
import '@/features/admin-live/admin-live.css';
import { paths } from '@/config/paths';

const published = (a: Pick<AdminArticle, 'publishedAt'>) => {
  const t = a.publishedAt ? Date.parse(a.publishedAt) : NaN;
  return Number.isFinite(t) && t > 0;
};

/**
 * Live coverage adds its panel (start, end, the console) to the detail's side column.
 *
 * What sharing to X and Facebook adds to the article screens (the two features never import each
 * other; they meet here): the share choice in the form and the publish confirmation, each platform's
 * status on the detail and in the lists, and deleting the posts when unpublishing, deleting or deleting for
 * good (a Trash row).
 */
export const articleExtensions: ArticleExtensions = {
  useFormSection(article, { headline, disabled }) {
    const step = useShareChoiceStep();
    return {
      node: <ShareChoiceEditor articleId={article?.id} headline={headline} disabled={disabled} saveRef={step.ref} />,
      run: (saved) => step.save(saved.id),
    };
  },
  usePublishSection(article) {
    const step = useShareChoiceStep();
    const defaults = useShareDefaults();
    if (defaults.isPending) return 'loading';
    const connected = defaults.data?.connected;
    // Nothing to choose while no account is connected (or the defaults failed to load): Publish acts at once.
    if (!connected || (!connected.x && !connected.facebook)) return null;
    return {
      node: <ShareChoiceEditor articleId={article.id} headline={article.headline} saveRef={step.ref} />,
      run: () => step.save(article.id),
    };
  },
  useRemovalSection(article) {
    return useRemovePostsOffer(article.id);
  },
  DetailSection: ({ article }) => (
    <>
      <LiveCoveragePanel article={article} consoleHref={paths.admin.liveConsole.getHref(article.id)} />
      <ShareStatusPanel
        articleId={article.id}
        headline={article.headline}
        published={published(article)}
        scheduled={article.status === 'scheduled'}
      />
    </>
  ),
  RowSection: ({ article }) => (
    <ShareStatusLine articleId={article.id} headline={article.headline} published={published(article)} />
  ),
};
