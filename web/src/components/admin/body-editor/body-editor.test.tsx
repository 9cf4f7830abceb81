// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import type { BodyDoc } from '@/lib/admin-body/body-doc';
import BodyEditor from './body-editor.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const FOUND = {
  articles: [{ id: 42, headline: 'Mayor Replaced By Cat', slug: 'mayor-replaced-by-cat' }],
  currentPage: 1,
  pageSize: 10,
  totalCount: 1,
  totalPages: 1,
  hasNextPage: false,
  hasPreviousPage: false,
};

function setup(initial: BodyDoc = { type: 'doc', content: [{ type: 'paragraph' }] }) {
  const urls: string[] = [];
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      urls.push(String(input));
      return json(200, FOUND);
    },
  };
  const changes: BodyDoc[] = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminApiContext.Provider value={client}>
        <span id="label">Content</span>
        <BodyEditor id="body" labelledBy="label" initial={initial} onChange={(d) => changes.push(d)} />
      </AdminApiContext.Provider>
    </QueryClientProvider>,
  );
  const text = screen.getByRole('textbox', { name: 'Content' });
  const editor = (text as unknown as { editor: Editor }).editor;
  return { text, editor, changes, urls };
}

afterEach(() => cleanup());

describe('BodyEditor', () => {
  it('offers the formats in one toolbar, each saying whether it is on where the cursor is', () => {
    const { editor } = setup({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Loud', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' quiet' },
          ],
        },
      ],
    });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const bold = within(toolbar).getByRole('button', { name: 'Bold' });
    act(() => void editor.commands.setTextSelection(9));
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    act(() => void editor.commands.setTextSelection({ from: 2, to: 3 }));
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    expect(bold.getAttribute('aria-keyshortcuts')).toBe('Control+B');
    // One tab stop; the arrow keys move along the toolbar.
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([bold]);
    bold.focus();
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Italic' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Redo' }));
    expect(screen.getByText('2 words · 1 min read')).toBeTruthy();
  });

  it("counts a picture's caption and credit and an embed's text, as the article page's reading time does", () => {
    setup({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Two words' }] },
        { type: 'image', attrs: { imageId: 'img-1', alt: 'A cat', caption: 'The cat naps', credit: 'Ann Lens' } },
        {
          type: 'embed',
          attrs: { provider: 'x', url: 'https://x.com/smear/status/1', text: 'A post here', thumbnailImageId: null },
        },
      ],
    });
    // 2 + 3 (caption) + 2 (credit) + 3 (the post's text); the alternative text is not read as the story.
    expect(screen.getByText('10 words · 1 min read')).toBeTruthy();
  });

  it('makes a heading, a list, a quote and a pull quote from the toolbar; the doc sent keeps to the format', () => {
    const { editor, changes } = setup({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted words' }] }],
    });
    act(() => void editor.commands.setTextSelection(3));
    fireEvent.click(screen.getByRole('button', { name: 'Pull quote' }));
    expect(changes.at(-1)!.content[0]!.type).toBe('pullQuote');
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    expect(changes.at(-1)!.content[0]).toMatchObject({ type: 'heading', attrs: { level: 2 } });
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(changes.at(-1)!.content[0]).toEqual({
      type: 'orderedList',
      attrs: { start: 1 },
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted words' }] }] },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quote' }));
    expect(changes.at(-1)!.content[0]!.type).toBe('blockquote');
  });

  it('Ctrl+K links to another article found by its headline, with its id; a javascript: address is refused', async () => {
    const { text, changes, urls } = setup();
    act(() => void fireEvent.keyDown(text, { key: 'k', ctrlKey: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a link' });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply link' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('http://, https:// or mailto:');
    fireEvent.change(within(dialog).getByLabelText('Or search headlines'), { target: { value: 'mayor' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Mayor Replaced By Cat' }));
    expect(urls.some((u) => u.includes('search=mayor'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes.at(-1)!.content[0]).toEqual({
      type: 'paragraph',
      content: [
        {
          type: 'text',
          text: 'Mayor Replaced By Cat',
          marks: [{ type: 'link', attrs: { href: '/article/mayor-replaced-by-cat', articleId: 42 } }],
        },
      ],
    });
  });

  it('keeps only what the body allows from a pasted Word fragment', () => {
    const { editor, changes } = setup();
    const word = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{font-family:Calibri}</style></head>
      <body><!--[if gte mso 9]><xml><o:OfficeDocumentSettings/></xml><![endif]-->
      <h1 class="MsoTitle" style="color:red">Big <span style="font-family:Arial">News</span></h1>
      <p class="MsoNormal" style="margin:0"><span style="font-size:14pt"><b>Bold</b> and <i>italic</i> and <font color="red">red</font><o:p></o:p></span></p>
      <p><a href="javascript:alert(1)">bad link</a> <a href="https://ok.example/" class="x" target="_blank">good link</a></p>
      <table><tr><td>Cell one</td><td>Cell two</td></tr></table>
      <p><img src="https://tracker.example/pixel.gif" alt="tracker"> after picture</p>
      <pre><code>code()</code></pre><h5>Small</h5><u>under</u><s>struck</s></body></html>`;
    act(() => editor.view.pasteHTML(word));
    const doc = changes.at(-1)!;
    const types = new Set<string>();
    const marks = new Set<string>();
    const walk = (n: { type: string; content?: unknown[]; marks?: { type: string }[] }) => {
      types.add(n.type);
      n.marks?.forEach((m) => marks.add(m.type));
      (n.content as (typeof n)[] | undefined)?.forEach(walk);
    };
    doc.content.forEach(walk);
    expect([...types].sort()).toEqual(['heading', 'paragraph', 'text']);
    expect([...marks].sort()).toEqual(['bold', 'italic', 'link']);
    expect(doc.content[0]).toEqual({
      type: 'heading',
      attrs: { level: 2 },
      content: [{ type: 'text', text: 'Big News' }],
    });
    const html = editor.getHTML();
    expect(html).not.toMatch(/style=|class="Mso|<span|<font|<img|<table|javascript:|tracker/);
    expect(editor.getText()).toContain('Cell one · Cell two');
    expect(editor.getText()).toContain('bad link');
    expect(JSON.stringify(doc)).toContain('"href":"https://ok.example/"');
  });
});
