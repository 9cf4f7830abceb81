import BodyEditor from '@/components/admin/body-editor/body-editor';

/**
 * The article body editor, empty and labelled 'Content' (the form's label), for component tests that
 * press keys in it: its text box is `getByRole('textbox', { name: 'Content' })`.
 */
export function EmptyBodyEditor() {
  return (
    <>
      <span id="label">Content</span>
      <BodyEditor
        id="body"
        labelledBy="label"
        initial={{ type: 'doc', content: [{ type: 'paragraph' }] }}
        onChange={() => undefined}
      />
    </>
  );
}
