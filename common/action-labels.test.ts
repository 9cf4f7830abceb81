import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, IMAGE_AUDIT_ACTIONS } from './admin-contract.ts';
import {
  AUDIT_ACTION_GROUPS,
  REVISION_ACTIONS,
  auditActionLabel,
  revisionActionLabel,
  type TrailAction,
} from './action-labels.ts';

/** Every `…AUDIT_ACTIONS` list that a module of common/ exports, by its module and name. */
async function contractActionLists(): Promise<Map<string, readonly string[]>> {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  const modules = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  const lists = new Map<string, readonly string[]>();
  for (const file of modules) {
    const exports = (await import(/* @vite-ignore */ pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (name.endsWith('AUDIT_ACTIONS') && Array.isArray(value)) lists.set(`${file} ${name}`, value as string[]);
    }
  }
  return lists;
}

const trailActions: TrailAction[] = AUDIT_ACTION_GROUPS.flatMap((g) => [...g.actions]);

describe('the audit trail’s words for its action codes', () => {
  it('every code of every action list in the contracts is in the filter and has words of its own', async () => {
    const lists = await contractActionLists();
    // The lists the trail records today, found by their names (a new list is found the same way).
    expect([...lists.keys()].map((k) => k.split(' ')[1]).sort()).toEqual(
      expect.arrayContaining([
        'AUDIT_ACTIONS',
        'CORRECTION_AUDIT_ACTIONS',
        'IMAGE_AUDIT_ACTIONS',
        'LIVE_AUDIT_ACTIONS',
        'PREVIEW_AUDIT_ACTIONS',
        'RECORD_AUDIT_ACTIONS',
        'SHARE_AUDIT_ACTIONS',
      ]),
    );
    for (const [list, codes] of lists) {
      for (const code of codes) {
        expect(trailActions, `${list}: ${code}`).toContain(code);
        const label = auditActionLabel(code);
        expect(label, `${list}: ${code}`).not.toBe(code);
        expect(label, `${list}: ${code}`).toMatch(/^[A-Z][a-z]/);
      }
    }
  });

  it('gives each code different words, so no two options of the filter read the same', () => {
    const labels = trailActions.map(auditActionLabel);
    expect(new Set(trailActions).size).toBe(trailActions.length);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('says what happened in the newsroom’s words', () => {
    expect(auditActionLabel('delete')).toBe('Moved to the Trash');
    expect(auditActionLabel('undelete')).toBe('Restored from the Trash');
    expect(auditActionLabel('purge')).toBe('Deleted for good');
    expect(auditActionLabel('share-posted')).toBe('Shared');
    expect(auditActionLabel('share-post-now')).toBe('Post now requested');
    expect(auditActionLabel('test-publish')).toBe('Test post');
    expect(auditActionLabel('tag-merge')).toBe('Tag merged');
    expect(auditActionLabel('preview-link-revoke')).toBe('Preview link turned off');
    // On the trail an image-update row is a picture of the library changed (no article).
    expect(auditActionLabel(IMAGE_AUDIT_ACTIONS[0])).toBe('Picture details changed');
  });

  it('shows a code it does not know as it is', () => {
    expect(auditActionLabel('teleport')).toBe('teleport');
    expect(auditActionLabel('')).toBe('');
    // Not a property every object has.
    expect(auditActionLabel('constructor')).toBe('constructor');
    expect(auditActionLabel('toString')).toBe('toString');
  });
});

describe('the History’s words for a revision', () => {
  it('names every revision action, the article’s as the audit trail does', () => {
    for (const action of AUDIT_ACTIONS) {
      expect(revisionActionLabel({ action, autosave: false })).toBe(auditActionLabel(action));
    }
    for (const action of REVISION_ACTIONS) expect(revisionActionLabel({ action })).not.toBe(action);
  });

  it('an image-update revision is the picture’s description filled into the article', () => {
    expect(revisionActionLabel({ action: 'image-update', autosave: false })).toBe('Picture description filled');
  });

  it('an autosave reads Autosaved, whatever its action', () => {
    expect(revisionActionLabel({ action: 'edit', autosave: true })).toBe('Autosaved');
    expect(revisionActionLabel({ action: 'edit', autosave: false })).toBe('Edited');
  });

  it('shows an action it does not know as it is', () => {
    expect(revisionActionLabel({ action: 'teleport', autosave: false })).toBe('teleport');
    expect(revisionActionLabel({ action: 'share-posted', autosave: false })).toBe('share-posted');
    expect(revisionActionLabel({ action: 'hasOwnProperty' })).toBe('hasOwnProperty');
  });
});
