// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminApiContext } from '@/lib/admin-api-client';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { formFromArticle, type ArticleFormValues } from '../lib/article-fields.ts';
import { useStaleSave, type StaleSaveForm } from './use-stale-save.ts';

const revision = (version: number, changedFields: string[]) => ({
  id: version,
  articleId: 7,
  version,
  action: 'edit',
  editorName: 'Rita',
  at: '2026-01-02T09:30:00.000Z',
  changedFields,
  autosave: false,
});

/** The article as the form loaded it (version 3), and as it is at version 5. */
const LOADED = adminArticle({ id: 7, version: 3, imageUrl: '/images/goose.webp', imageAlt: '' });
const NOW = { ...LOADED, version: 5, imageAlt: 'A goose at a desk' };

/** The hook on article 7, or on a new article (not saved yet) with `newArticle`. */
function staleSave(respond: (req: Sent) => Response, { newArticle = false } = {}) {
  const api = fakeApi(respond);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminApiContext.Provider value={api.client}>{children}</AdminApiContext.Provider>
  );
  return { ...api, hook: renderHook(() => useStaleSave(newArticle ? undefined : 7), { wrapper }).result };
}

/** The form's values: loaded from LOADED, the editor's changes in what it sent and since. */
function form(sent: Partial<ArticleFormValues> = {}, since: Partial<ArticleFormValues> = {}): StaleSaveForm {
  const loaded = formFromArticle(LOADED);
  return { loaded, sent: { ...loaded, ...sent }, current: () => ({ ...loaded, ...sent, ...since }) };
}

/** The history (and the article now, NOW unless given) of a server where `revisions` happened. */
const server =
  (revisions: ReturnType<typeof revision>[], article: unknown = NOW) =>
  (req: Sent) =>
    req.url.endsWith('/revisions') ? json(200, { revisions }) : json(200, article);

const TRASH_AND_BACK = server([revision(5, ['deletedAt']), revision(4, ['deletedAt'])]);
const DESCRIBED = server([revision(5, ['imageAlt']), revision(4, ['deletedAt'])]);
const HEADLINE = { headline: 'Goose Signs The Manifesto' };

describe('useStaleSave', () => {
  it('answers the version now when only what the form does not edit changed; once, until reset', async () => {
    const { hook, sent } = staleSave(TRASH_AND_BACK);
    expect(await hook.current.newerVersion(3, { currentVersion: 5 }, form())).toEqual({ version: 5, take: {} });
    // A second stale answer: the panel, without reading the history again.
    expect(await hook.current.newerVersion(5, { currentVersion: 7 }, form())).toBeUndefined();
    expect(sent).toHaveLength(1);
    // After that panel, or after a save that went through, the next stale answer is a first one again.
    expect((await hook.current.newerVersion(3, { currentVersion: 5 }, form()))?.version).toBe(5);
    hook.current.reset();
    expect((await hook.current.newerVersion(3, {}, form()))?.version).toBe(5);
    // The article itself is not read: nothing of the form is taken from it.
    expect(sent.map((r) => r.url)).toEqual(Array(3).fill('/api/admin/articles/7/revisions'));
  });

  it('takes the newer value of a field the editor has not changed, reading the article once, and keeps the editor\u2019s changes', async () => {
    const { hook, sent } = staleSave(DESCRIBED);
    const rebase = await hook.current.newerVersion(3, { currentVersion: 5 }, form(HEADLINE));
    expect(rebase).toMatchObject({ version: 5, take: { imageAlt: 'A goose at a desk' }, article: { version: 5 } });
    expect(rebase?.take).not.toHaveProperty('headline');
    expect(sent.map((r) => r.url)).toEqual(['/api/admin/articles/7/revisions', '/api/admin/articles/7']);
    // Changed on both sides to the same value: no conflict either.
    const same = await staleSave(DESCRIBED).hook.current.newerVersion(
      3,
      { currentVersion: 5 },
      form({ imageAlt: 'A goose at a desk' }),
    );
    expect(same?.take).toEqual({ imageAlt: 'A goose at a desk' });
  });

  it('answers undefined (the panel) when the editor changed that field too, in the save or since it was sent', async () => {
    const mine = { imageAlt: 'A goose' };
    expect(await staleSave(DESCRIBED).hook.current.newerVersion(3, { currentVersion: 5 }, form(mine))).toBeUndefined();
    expect(
      await staleSave(DESCRIBED).hook.current.newerVersion(3, { currentVersion: 5 }, form(HEADLINE, mine)),
    ).toBeUndefined();
  });

  it('answers undefined (the panel) when the article cannot be read or moved on again', async () => {
    const unreadable = (req: Sent) =>
      req.url.endsWith('/revisions') ? DESCRIBED(req) : problem(500, 'Internal Server Error');
    expect(
      await staleSave(unreadable).hook.current.newerVersion(3, { currentVersion: 5 }, form(HEADLINE)),
    ).toBeUndefined();
    const movedOn = server([revision(5, ['imageAlt']), revision(4, ['deletedAt'])], { ...NOW, version: 6 });
    expect(
      await staleSave(movedOn).hook.current.newerVersion(3, { currentVersion: 5 }, form(HEADLINE)),
    ).toBeUndefined();
  });

  it('answers undefined (the panel) for a missing version, an unreadable history or no base', async () => {
    const gap = server([revision(5, ['deletedAt'])]);
    expect(await staleSave(gap).hook.current.newerVersion(3, { currentVersion: 5 }, form())).toBeUndefined();
    const broken = () => problem(500, 'Internal Server Error');
    expect(await staleSave(broken).hook.current.newerVersion(3, { currentVersion: 5 }, form())).toBeUndefined();
    expect(
      await staleSave(TRASH_AND_BACK).hook.current.newerVersion(undefined, { currentVersion: 5 }, form()),
    ).toBeUndefined();
    const unsaved = staleSave(TRASH_AND_BACK, { newArticle: true });
    expect(await unsaved.hook.current.newerVersion(3, { currentVersion: 5 }, form())).toBeUndefined();
    expect(unsaved.sent).toHaveLength(0);
  });
});
