import type { BodyDoc, BodyNode } from './body-doc.ts';

function inlineText(nodes: BodyNode[] = []): string {
  return nodes.map((n) => (n.type === 'hardBreak' ? '\n' : (n.text ?? ''))).join('');
}

function blockText(node: BodyNode): string[] {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
    case 'pullQuote':
      return [inlineText(node.content)];
    case 'bulletList':
    case 'orderedList':
    case 'listItem':
    case 'blockquote':
      return (node.content ?? []).flatMap(blockText);
    case 'image': {
      const caption = [node.attrs?.caption, node.attrs?.credit].filter((s) => typeof s === 'string' && s).join(' ');
      return caption ? [caption] : [];
    }
    case 'embed':
      return typeof node.attrs?.text === 'string' && node.attrs.text ? [node.attrs.text] : [];
    default:
      return [];
  }
}

/** The words a reader reads in a body: one block a paragraph, blocks separated by a blank line. */
export function bodyText(doc: BodyDoc): string {
  return doc.content
    .flatMap(blockText)
    .filter((t) => t.trim())
    .join('\n\n');
}
