import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { cleanDoc, type BodyDoc } from '@/lib/admin-body/body-doc';
import { atomText, countWords, describeLength } from '@/lib/admin-body/word-count';
import { EmbedDialog } from './embed-dialog.tsx';
import { bodyExtensions } from './extensions.ts';
import { ImageDialog } from './image-dialog.tsx';
import { LinkDialog, type LinkChoice } from './link-dialog.tsx';
import { cleanPastedHtml } from './paste.ts';
import { Toolbar } from './toolbar.tsx';

export interface BodyEditorProps {
  /** The id of the editable area. */
  id: string;
  /** The id of its visible label. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The body when the editor opens (a new key on the component starts it again from another). */
  initial: BodyDoc;
  onChange(doc: BodyDoc): void;
}

type Dialog = 'link' | 'image' | 'embed';

/**
 * The article body's editor (Tiptap): a toolbar, Markdown shortcuts as you type (`## `, `### `, `> `,
 * `- `, `1. `, `---`), Ctrl/Cmd+B, I and K, undo and redo, and the word count and reading time under
 * it. It loads in its own chunk, only on the admin screens that edit an article.
 */
export default function BodyEditor({
  id,
  labelledBy,
  describedBy,
  invalid,
  disabled,
  initial,
  onChange,
}: BodyEditorProps) {
  const [dialog, setDialog] = useState<{ kind: Dialog; n: number } | null>(null);
  const openCount = useRef(0);
  const open = (kind: Dialog) => setDialog({ kind, n: ++openCount.current });
  const openRef = useRef(open);
  openRef.current = open;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lengthId = `${id}-length`;
  const invalidRef = useRef(invalid);
  const describedByRef = useRef(describedBy);
  const editor = useEditor({
    extensions: bodyExtensions(() => openRef.current('link')),
    content: initial,
    editable: !disabled,
    editorProps: {
      // A function, so a change of the field's error shows (re-read when the view updates, below).
      attributes: () => ({
        id,
        name: 'body',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-describedby': [describedByRef.current, lengthId].filter(Boolean).join(' '),
        'aria-invalid': invalidRef.current ? 'true' : 'false',
        class: 'admin-input admin-body-editor__text',
      }),
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(cleanDoc(e.getJSON())),
  });
  useEffect(() => {
    // Without an update event: nothing the editor typed changed.
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);
  useEffect(() => {
    invalidRef.current = invalid;
    describedByRef.current = describedBy;
    if (editor.isInitialized) editor.view.setProps({});
  }, [editor, invalid, describedBy]);
  // From the document itself (getText needs a mounted editor; the selector also runs before), a picture
  // counting its caption and credit and an embed its text, as the article page's reading time counts them.
  const words = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e?.state
        ? countWords(
            e.state.doc.textBetween(
              0,
              e.state.doc.content.size,
              '\n\n',
              (leaf) => ` ${atomText(leaf.type.name, leaf.attrs)} `,
            ),
          )
        : 0,
  });
  const close = () => {
    setDialog(null);
    editor.commands.focus();
  };
  const link = (choice: LinkChoice) => {
    const mark = { href: choice.href, articleId: choice.articleId };
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: choice.text, marks: [{ type: 'link', attrs: mark }] }).run();
    } else chain.extendMarkRange('link').setMark('link', mark).run();
    setDialog(null);
  };
  const current =
    editor.state && editor.isActive('link')
      ? {
          href: String(editor.getAttributes('link').href ?? ''),
          articleId: (editor.getAttributes('link').articleId as number | null) ?? null,
        }
      : undefined;
  return (
    <div className={`admin-body-editor${invalid ? ' admin-body-editor--invalid' : ''}`}>
      <Toolbar editor={editor} controls={id} disabled={disabled} onOpen={open} />
      <EditorContent editor={editor} />
      <p id={lengthId} className="admin-muted admin-body-editor__length">
        {describeLength(words)}
      </p>
      {dialog?.kind === 'link' ? (
        <LinkDialog
          key={dialog.n}
          open
          current={current}
          onLink={link}
          onUnlink={() => {
            editor.chain().focus().extendMarkRange('link').unsetMark('link').run();
            setDialog(null);
          }}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'image' ? (
        <ImageDialog
          key={dialog.n}
          open
          onInsert={(attrs) => {
            editor.chain().focus().insertBodyImage(attrs).run();
            setDialog(null);
          }}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'embed' ? (
        <EmbedDialog
          key={dialog.n}
          open
          onInsert={(attrs) => {
            editor.chain().focus().insertEmbed(attrs).run();
            setDialog(null);
          }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
