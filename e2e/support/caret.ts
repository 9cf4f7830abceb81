import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Clicks `target` inside a rich-text box (the body editor) and moves the caret to its end with `key`
 * ('End' for the end of the clicked line, 'Control+End' for the end of the text), as an editor does,
 * then waits until the caret is there for the editor too. A key moves the page's caret at once, but
 * the editor (ProseMirror) takes the new place only when the page's `selectionchange` reaches it; on a
 * busy machine the form can re-render first, and the editor then puts the caret back where it last
 * knew it (the typing that follows goes there). So the key is pressed again until the caret is at the
 * end of `target` on the page and the editor's own selection is the same place.
 */
export async function putCaretAtEnd(page: Page, target: Locator, key: 'End' | 'Control+End'): Promise<void> {
  await target.click();
  await expect
    .poll(async () => {
      await page.keyboard.press(key);
      return target.evaluate((el) => {
        const selection = el.ownerDocument.getSelection();
        if (!selection?.isCollapsed || !selection.focusNode || !el.contains(selection.focusNode)) return false;
        const rest = el.ownerDocument.createRange();
        rest.setStart(selection.focusNode, selection.focusOffset);
        rest.setEnd(el, el.childNodes.length);
        if (rest.toString() !== '') return false;
        // Tiptap keeps its editor on the editable element.
        type Editable = Element & {
          editor?: {
            view: {
              state: { selection: { empty: boolean; head: number } };
              posAtDOM(node: Node, offset: number): number;
            };
          };
        };
        const view = (el.closest('.ProseMirror') as Editable | null)?.editor?.view;
        if (!view) return false;
        const { empty, head } = view.state.selection;
        return empty && head === view.posAtDOM(selection.focusNode, selection.focusOffset);
      });
    })
    .toBe(true);
}
