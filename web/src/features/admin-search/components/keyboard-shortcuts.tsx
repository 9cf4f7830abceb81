import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useModalDialog } from '@/components/admin/use-modal-dialog';
import { SHORTCUT_GROUPS, isHelpKey, keyCap, spokenCombo, type KeyCombo } from '../lib/keyboard-shortcuts.ts';
import { onMac } from '../lib/shortcut.ts';

/** Where `?` is a character typed, not the shortcut: a field, the body editor's text. */
const TEXT_FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/**
 * The 'Keyboard shortcuts' dialog's state: `?` opens it anywhere in the newsroom but a text field, the
 * body editor and another open dialog; `show(from)` opens it with the focus to go back to `from` (the
 * focused element when not given); `close` gives the focus back.
 */
export function useKeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback((from?: Element | null) => {
    const back = from === undefined ? document.activeElement : from;
    opener.current = back instanceof HTMLElement && back !== document.body ? back : null;
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) queueMicrotask(() => back.focus());
  }, []);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isHelpKey(e)) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(TEXT_FIELD) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);
  return { open, show, close };
}

/** One combo: its keys drawn with <kbd> (hidden from a screen reader, which hears their names). */
function Combo({ combo, mac }: { combo: KeyCombo; mac: boolean }) {
  return (
    <span className="admin-ks__combo">
      <span aria-hidden="true">
        {combo.keys.map((key, i) => (
          <Fragment key={key}>
            {/* '⌘K' on a Mac, as its menus draw it; 'Ctrl+K' elsewhere. */}
            {i > 0 && !combo.typed && !(mac && combo.keys[i - 1] === 'Mod') ? (
              <span className="admin-ks__plus">+</span>
            ) : null}
            <kbd className="admin-ks__key">{keyCap(key, mac).shown}</kbd>
          </Fragment>
        ))}
      </span>
      <span className="admin-sr-only">{spokenCombo(combo, mac)}</span>
    </span>
  );
}

/**
 * The 'Keyboard shortcuts' dialog (docs/product.md, Admin header): the shortcuts in groups, ⌘ on a Mac.
 * The focus starts on Close; Escape or Close shuts it.
 */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const close = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(open, () => close.current);
  const id = useId();
  const mac = onMac();
  return (
    <dialog
      ref={ref}
      className="admin-dialog admin-ks"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="admin-ks__head">
        <h2 id={`${id}-title`} className="admin-dialog__title">
          Keyboard shortcuts
        </h2>
        <button ref={close} type="button" className="admin-btn admin-btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      {open
        ? SHORTCUT_GROUPS.map((group, g) => (
            <section key={group.title} className="admin-ks__group" aria-labelledby={`${id}-${g}`}>
              <h3 id={`${id}-${g}`} className="admin-ks__title">
                {group.title}
              </h3>
              {group.note ? <p className="admin-ks__note">{group.note}</p> : null}
              <dl className="admin-ks__list">
                {group.shortcuts.map((s) => (
                  <div key={s.id} className="admin-ks__row">
                    <dt className="admin-ks__keys">
                      {s.combos.map((combo, i) => (
                        <Fragment key={i}>
                          {i > 0 ? <span className="admin-ks__or"> or </span> : null}
                          <Combo combo={combo} mac={mac} />
                        </Fragment>
                      ))}
                    </dt>
                    <dd>{s.does}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))
        : null}
    </dialog>
  );
}
