import { fakeApi, json, type Sent } from '@/testing/fake-admin-api';
import type { ArticleShares, PlatformShare } from '../../../../../common/admin-contract.ts';

export { fakeApi, json, type Sent };
export { renderInAdmin } from '@/testing/render-in-admin';

export function share(over: Partial<PlatformShare> & Pick<PlatformShare, 'platform'>): PlatformShare {
  return {
    state: null,
    connected: true,
    message: null,
    postId: null,
    postUrl: null,
    reason: null,
    attempts: 0,
    nextAttemptAt: null,
    updatedAt: null,
    ...over,
  };
}

export const LINK = 'https://dailysmear.example.com/article/goat-elected-mayor';

export function sharesView(over: Partial<ArticleShares> = {}): ArticleShares {
  return {
    articleId: 7,
    choice: { shareToX: null, shareToFacebook: null, shareMessage: null },
    preview: {
      link: LINK,
      x: { text: `Goat Elected Mayor ${LINK}`, weightedLength: 42 },
      facebook: { message: 'Goat Elected Mayor', link: LINK },
    },
    shares: [share({ platform: 'x' }), share({ platform: 'facebook' })],
    ...over,
  };
}
