import { diffWords } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** What changed from `before` to `after`, word by word. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }));
}
