import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '@/components/admin/use-modal-dialog';
import { isSearchShortcut, shortcutText } from '../lib/shortcut.ts';
import { KeyboardShortcutsDialog, useKeyboardShortcuts } from './keyboard-shortcuts.tsx';
import { QuickSearchPanel } from './quick-search-panel.tsx';
import '../quick-search.css';

/** Where the body editor's text is: its Ctrl+K makes a link there (decision 051). */
const BODY_EDITOR = '.ProseMirror, [contenteditable="true"]';

/**
 * The newsroom's quick search (docs/product.md, Search): the header's Search button and the dialog it
 * opens, also opened by Ctrl+K (Cmd+K on a Mac) anywhere in the newsroom but the body editor's text
 * and another open dialog. Escape or Close shuts it and gives the focus back to where it was. `editor`
 * (the signed-in subject) says whose Recent it shows. Its footer's 'Keyboard shortcuts' opens that dialog,
 * which `?` opens too.
 */
export function QuickSearch({ editor }: { editor: string | undefined }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const ref = useModalDialog(open, (dialog) => dialog.querySelector<HTMLElement>('input'));
  const shortcut = shortcutText();
  const button = useRef<HTMLButtonElement>(null);
  // The dialog lives at the newsroom's top (its tokens), not inside the header that draws its button.
  const [host, setHost] = useState<Element | null>(null);
  useEffect(() => setHost(button.current?.closest('.admin-app') ?? document.body), []);

  const show = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) queueMicrotask(() => back.focus());
  }, []);
  const shortcuts = useKeyboardShortcuts();
  const { show: showShortcuts } = shortcuts;
  // The shortcuts take the search's place, and give the focus back to where the search was opened from.
  const openShortcuts = useCallback(() => {
    const back = opener.current;
    opener.current = null;
    setOpen(false);
    showShortcuts(back);
  }, [showShortcuts]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(BODY_EDITOR)) return;
      const dialog = ref.current;
      if (dialog?.open) {
        e.preventDefault();
        dialog.querySelector<HTMLInputElement>('input')?.select();
        return;
      }
      // Another dialog (a confirmation, the body editor's Add a link) keeps the page to itself.
      if (document.querySelector('dialog[open]')) return;
      e.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ref, show]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="admin-btn admin-btn--small admin-qs-open"
        aria-haspopup="dialog"
        aria-keyshortcuts={shortcut.aria}
        onClick={show}
      >
        {/* Named apart from All Articles' own Search button. */}
        <span>
          Search<span className="admin-sr-only"> the newsroom</span>
        </span>
        <kbd className="admin-qs-open__keys" aria-hidden="true">
          {shortcut.shown}
        </kbd>
      </button>
      {host
        ? createPortal(
            <>
              <dialog
                ref={ref}
                className="admin-dialog admin-qs"
                aria-label="Search"
                onCancel={(e) => {
                  e.preventDefault();
                  close();
                }}
              >
                {open ? <QuickSearchPanel editor={editor} onClose={close} onShortcuts={openShortcuts} /> : null}
              </dialog>
              <KeyboardShortcutsDialog open={shortcuts.open} onClose={shortcuts.close} />
            </>,
            host,
          )
        : null}
    </>
  );
}
