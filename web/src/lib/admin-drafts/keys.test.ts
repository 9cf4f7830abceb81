// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { keepsWorkOf, LIVE_ENTRY_DRAFT_PREFIX, NOTE_DRAFT_PREFIX } from './keys.ts';

beforeEach(() => sessionStorage.clear());

describe('work the tab keeps for one article', () => {
  it('is its own key or one of its slots, of that kind only, never another article’s', () => {
    expect(keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, 1)).toBe(false);
    sessionStorage.setItem('smear.admin.live-draft.12', '{}');
    sessionStorage.setItem('smear.admin.live-draft.15.2', '{}');
    sessionStorage.setItem('smear.admin.note-draft.1.add', '{}');
    expect(keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, 1)).toBe(false);
    expect(keepsWorkOf(NOTE_DRAFT_PREFIX, 1)).toBe(true);
    sessionStorage.setItem('smear.admin.live-draft.1.9', '{}');
    expect(keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, 1)).toBe(true);
    sessionStorage.clear();
    sessionStorage.setItem('smear.admin.live-draft.1', '{}');
    expect(keepsWorkOf(LIVE_ENTRY_DRAFT_PREFIX, 1)).toBe(true);
  });
});
