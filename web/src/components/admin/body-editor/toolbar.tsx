import { useRef, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';

type Dialog = 'link' | 'image' | 'embed';

interface Tool {
  label: string;
  /** aria-keyshortcuts, and the hint in the title. */
  keys?: string;
  /** A format that is on or off where the cursor is (aria-pressed); absent for actions. */
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
  enabled?: (e: Editor) => boolean;
}

function tools(open: (d: Dialog) => void): Tool[] {
  return [
    {
      label: 'Bold',
      keys: 'Control+B',
      active: (e) => e.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      label: 'Italic',
      keys: 'Control+I',
      active: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    { label: 'Link', keys: 'Control+K', active: (e) => e.isActive('link'), run: () => open('link') },
    {
      label: 'Heading',
      active: (e) => e.isActive('heading', { level: 2 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subheading',
      active: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Bulleted list',
      active: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      active: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    { label: 'Quote', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
    {
      label: 'Pull quote',
      active: (e) => e.isActive('pullQuote'),
      run: (e) => e.chain().focus().togglePullQuote().run(),
    },
    { label: 'Divider', run: (e) => e.chain().focus().setHorizontalRule().run() },
    { label: 'Picture…', run: () => open('image') },
    { label: 'Embed…', run: () => open('embed') },
    {
      label: 'Undo',
      keys: 'Control+Z',
      run: (e) => e.chain().focus().undo().run(),
      enabled: (e) => e.can().undo(),
    },
    {
      label: 'Redo',
      keys: 'Control+Shift+Z',
      run: (e) => e.chain().focus().redo().run(),
      enabled: (e) => e.can().redo(),
    },
  ];
}

export interface ToolbarProps {
  editor: Editor;
  controls: string;
  disabled?: boolean;
  onOpen(dialog: Dialog): void;
}

/**
 * The formatting buttons, one tab stop (the arrow keys, Home and End move between them, as in any
 * toolbar). A format button says whether it is on where the cursor is (aria-pressed).
 */
export function Toolbar({ editor, controls, disabled = false, onOpen }: ToolbarProps) {
  const list = tools(onOpen);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      list.map((t) =>
        // (isDestroyed is also true before the view is mounted: the state is what counts here.)
        !e?.state
          ? { active: false, enabled: !t.enabled }
          : { active: t.active ? t.active(e) : undefined, enabled: t.enabled ? t.enabled(e) : true },
      ),
    equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
  const ref = useRef<HTMLDivElement>(null);
  const focusIndex = useRef(0);
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % buttons.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    buttons.forEach((b, i) => (b.tabIndex = i === next ? 0 : -1));
    focusIndex.current = next;
    buttons[next]!.focus();
  };
  return (
    <div
      ref={ref}
      className="admin-toolbar"
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={move}
    >
      {list.map((t, i) => (
        <button
          key={t.label}
          type="button"
          className="admin-toolbar__btn"
          tabIndex={i === focusIndex.current ? 0 : -1}
          aria-pressed={t.active ? Boolean(state[i]?.active) : undefined}
          aria-keyshortcuts={t.keys}
          title={t.keys ? `${t.label} (${t.keys.replace('Control', 'Ctrl')})` : undefined}
          // Disabled buttons stay focusable in a toolbar (aria-disabled), so the arrow keys reach them.
          aria-disabled={disabled || !state[i]?.enabled ? true : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (disabled || !state[i]?.enabled) return;
            t.run(editor);
          }}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
