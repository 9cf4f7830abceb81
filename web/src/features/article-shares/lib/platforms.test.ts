import { describe, expect, it } from 'vitest';
import type { PlatformShare } from '../../../../../common/admin-contract.ts';
import { shareActions, worthShowing } from './platforms.ts';

const share = (over: Partial<PlatformShare>): PlatformShare => ({
  platform: 'x',
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
});

describe('shareActions', () => {
  it('offers Retry only on failed and unconfirmed posts', () => {
    for (const state of ['failed', 'unconfirmed'] as const)
      expect(shareActions(share({ state }), true).retry).toBe(true);
    for (const state of ['queued', 'posting', 'posted', 'deleted', 'withdrawn', null] as const)
      expect(shareActions(share({ state }), true).retry).toBe(false);
  });

  it('offers Post now for a published article never shared, only with the account connected', () => {
    expect(shareActions(share({}), true).postNow).toBe(true);
    expect(shareActions(share({ state: 'deleted' }), true).postNow).toBe(true);
    // Withdrawn (the article was unpublished or trashed before its turn), then published again by a restore.
    expect(shareActions(share({ state: 'withdrawn' }), true).postNow).toBe(true);
    expect(shareActions(share({ state: 'withdrawn' }), false).postNow).toBe(false);
    expect(shareActions(share({}), false).postNow).toBe(false);
    expect(shareActions(share({ connected: false }), true).postNow).toBe(false);
    expect(shareActions(share({ state: 'posted', postId: '1' }), true).postNow).toBe(false);
  });

  it('offers deleting a post only when there is one', () => {
    expect(shareActions(share({ state: 'posted', postId: '1' }), true).deletePost).toBe(true);
    expect(shareActions(share({ state: 'posted' }), true).deletePost).toBe(false);
  });

  it('the list shows a platform only where something happened (a never-shared one says nothing)', () => {
    expect(worthShowing(share({ connected: false }))).toBe(false);
    expect(worthShowing(share({}))).toBe(false);
    expect(worthShowing(share({ state: 'queued' }))).toBe(true);
    expect(worthShowing(share({ state: 'failed' }))).toBe(true);
    expect(worthShowing(share({ state: 'posted' }))).toBe(true);
  });
});
