import { SEARCH_KEY } from './shortcut.ts';

/**
 * The newsroom's keyboard shortcuts, as the 'Keyboard shortcuts' dialog lists them (docs/product.md,
 * Admin header). Only what the product does: keyboard-shortcuts.test.ts presses the listed keys where
 * the code listens for them.
 */

/** The key that opens the list: `?` (Shift+/), outside a text field. */
export const HELP_KEY = '?';

export function isHelpKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return e.key === HELP_KEY && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/** A key by its name; 'Mod' is Ctrl, Cmd on a Mac. Anything else is a character, typed as it is. */
export type KeyName =
  | 'Mod'
  | 'Shift'
  | 'Escape'
  | 'Enter'
  | 'Space'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'ArrowUp'
  | 'ArrowDown'
  /** Any of the four arrow keys. */
  | 'Arrow'
  | 'Home'
  | 'End';

/** Keys pressed together, or typed one after the other when `typed`. */
export interface KeyCombo {
  keys: string[];
  /** Typed in turn (Markdown as you type), not held together. */
  typed?: boolean;
}

export interface Shortcut {
  /** Names the row in the tests that check the code listens for it. */
  id: string;
  /** One or more combos that do the same. */
  combos: KeyCombo[];
  does: string;
}

export interface ShortcutGroup {
  title: string;
  /** Said under the title, for the whole group. */
  note?: string;
  shortcuts: Shortcut[];
}

const press = (...keys: string[]): KeyCombo => ({ keys });
const type = (...keys: string[]): KeyCombo => ({ keys, typed: true });
const SEARCH = SEARCH_KEY.toUpperCase();

export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Anywhere in the newsroom',
    shortcuts: [
      {
        id: 'search',
        combos: [press('Mod', SEARCH)],
        does: 'Open the search (in the body editor’s text it adds a link)',
      },
      { id: 'help', combos: [press(HELP_KEY)], does: 'Show these keyboard shortcuts (outside a text field)' },
      { id: 'escape', combos: [press('Escape')], does: 'Close a dialog; the focus goes back to where it was' },
    ],
  },
  {
    title: 'Article form',
    shortcuts: [
      {
        id: 'save',
        combos: [press('Mod', 'S')],
        does: 'Save, as Save changes (or Create article) does, from any field or the body',
      },
    ],
  },
  {
    title: 'Article screen',
    shortcuts: [
      {
        id: 'note-add',
        combos: [press('Mod', 'Enter')],
        does: 'In Add a note, a reply or an edit of a note: send it, as Add note, Reply or Save does',
      },
      {
        id: 'mention',
        combos: [type('@')],
        does: 'In a note, a reply or an edit: mention a colleague (Up and Down choose, Enter takes one)',
      },
    ],
  },
  {
    title: 'Live console',
    shortcuts: [
      {
        id: 'live-post',
        combos: [press('Mod', 'Enter')],
        does: 'Post the entry, as Post does; in an entry being edited, save it',
      },
      { id: 'live-leave', combos: [press('Escape')], does: 'Leave the entry being edited, unchanged' },
    ],
  },
  {
    title: 'Body editor',
    note: 'Markdown works as you type, at the start of a line.',
    shortcuts: [
      { id: 'bold', combos: [press('Mod', 'B')], does: 'Bold' },
      { id: 'italic', combos: [press('Mod', 'I')], does: 'Italic' },
      { id: 'link', combos: [press('Mod', 'K')], does: 'Link (Add a link)' },
      { id: 'undo', combos: [press('Mod', 'Z')], does: 'Undo' },
      { id: 'redo', combos: [press('Mod', 'Shift', 'Z'), press('Mod', 'Y')], does: 'Redo' },
      { id: 'heading', combos: [type('##', 'Space')], does: 'Heading' },
      { id: 'subheading', combos: [type('###', 'Space')], does: 'Subheading' },
      { id: 'quote', combos: [type('>', 'Space')], does: 'Quote' },
      { id: 'bulleted', combos: [type('-', 'Space')], does: 'Bulleted list' },
      { id: 'numbered', combos: [type('1.', 'Space')], does: 'Numbered list' },
      { id: 'divider', combos: [type('---')], does: 'Divider' },
      {
        id: 'toolbar',
        combos: [press('ArrowLeft'), press('ArrowRight'), press('Home'), press('End')],
        does: 'In the toolbar: move between its buttons',
      },
    ],
  },
  {
    title: 'Pictures',
    note: 'In the focal point picker (the article form’s Image, and Edit the picture), the picture focused.',
    shortcuts: [
      {
        id: 'focal',
        combos: [press('ArrowLeft'), press('ArrowRight'), press('ArrowUp'), press('ArrowDown')],
        does: 'Move the focal point',
      },
      { id: 'focal-far', combos: [press('Shift', 'Arrow')], does: 'Move it ten steps' },
    ],
  },
];

/** How a key is drawn and what a screen reader hears for it. */
export function keyCap(key: string, mac: boolean): { shown: string; spoken: string } {
  switch (key) {
    case 'Mod':
      return mac ? { shown: '⌘', spoken: 'Command' } : { shown: 'Ctrl', spoken: 'Control' };
    case 'Shift':
      return { shown: 'Shift', spoken: 'Shift' };
    case 'Escape':
      return { shown: 'Esc', spoken: 'Escape' };
    case 'Enter':
      return { shown: 'Enter', spoken: 'Enter' };
    case 'Space':
      return { shown: 'Space', spoken: 'Space' };
    case 'ArrowLeft':
      return { shown: '←', spoken: 'Left arrow' };
    case 'ArrowRight':
      return { shown: '→', spoken: 'Right arrow' };
    case 'ArrowUp':
      return { shown: '↑', spoken: 'Up arrow' };
    case 'ArrowDown':
      return { shown: '↓', spoken: 'Down arrow' };
    case 'Arrow':
      return { shown: 'Arrow', spoken: 'an arrow key' };
    default:
      return { shown: key, spoken: SPOKEN[key] ?? key };
  }
}

/** Characters a screen reader may skip or name vaguely. */
const SPOKEN: Record<string, string> = {
  '?': 'Question mark',
  '@': 'At sign',
  '##': 'Two number signs',
  '###': 'Three number signs',
  '>': 'Greater-than sign',
  '-': 'Hyphen',
  '1.': 'One, full stop',
  '---': 'Three hyphens',
};

/** What a screen reader hears for a combo: 'Control+K', 'Two number signs, then Space'. */
export function spokenCombo(combo: KeyCombo, mac: boolean): string {
  return combo.keys.map((k) => keyCap(k, mac).spoken).join(combo.typed ? ', then ' : '+');
}
