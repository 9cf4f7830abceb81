// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminApiContext } from '@/lib/admin-api-client';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { useStaleSave } from './use-stale-save.ts';

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

/** The hook on article 7, or on a new article (not saved yet) with `newArticle`. */
function staleSave(respond: () => Response, { newArticle = false } = {}) {
  const api = fakeApi(respond);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AdminApiContext.Provider value={api.client}>{children}</AdminApiContext.Provider>
  );
  return { ...api, hook: renderHook(() => useStaleSave(newArticle ? undefined : 7), { wrapper }).result };
}

const TRASH_AND_BACK = () => json(200, { revisions: [revision(5, ['deletedAt']), revision(4, ['deletedAt'])] });

describe('useStaleSave', () => {
  it('answers the version now when only what the form does not edit changed; once, until reset', async () => {
    const { hook, sent } = staleSave(TRASH_AND_BACK);
    expect(await hook.current.newerVersion(3, { currentVersion: 5 })).toBe(5);
    // A second stale answer: the panel, without reading the history again.
    expect(await hook.current.newerVersion(5, { currentVersion: 7 })).toBeUndefined();
    expect(sent).toHaveLength(1);
    // After that panel, or after a save that went through, the next stale answer is a first one again.
    expect(await hook.current.newerVersion(3, { currentVersion: 5 })).toBe(5);
    hook.current.reset();
    expect(await hook.current.newerVersion(3, {})).toBe(5);
    expect(sent.map((r) => r.url)).toEqual(Array(3).fill('/api/admin/articles/7/revisions'));
  });

  it('answers undefined (the panel) for a change of the form, a missing version, an unreadable history or no base', async () => {
    const edited = () => json(200, { revisions: [revision(5, ['summary']), revision(4, ['deletedAt'])] });
    expect(await staleSave(edited).hook.current.newerVersion(3, { currentVersion: 5 })).toBeUndefined();
    const gap = () => json(200, { revisions: [revision(5, ['deletedAt'])] });
    expect(await staleSave(gap).hook.current.newerVersion(3, { currentVersion: 5 })).toBeUndefined();
    const broken = () => problem(500, 'Internal Server Error');
    expect(await staleSave(broken).hook.current.newerVersion(3, { currentVersion: 5 })).toBeUndefined();
    expect(await staleSave(TRASH_AND_BACK).hook.current.newerVersion(undefined, { currentVersion: 5 })).toBeUndefined();
    const unsaved = staleSave(TRASH_AND_BACK, { newArticle: true });
    expect(await unsaved.hook.current.newerVersion(3, { currentVersion: 5 })).toBeUndefined();
    expect(unsaved.sent).toHaveLength(0);
  });
});
