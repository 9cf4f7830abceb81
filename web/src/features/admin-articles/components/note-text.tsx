import type { ReactNode } from 'react';
import { mentionTokens, type Colleague } from '@common/notes-contract';

/**
 * A note's text as written (line breaks kept by the caller's style, addresses left as text), each mention
 * of a colleague it names ('@' and their username, decision 060) marked, their display name said to a
 * screen reader after it. An '@' and a name no colleague has stays plain text.
 */
export function NoteText({ text, mentions }: { text: string; mentions: Colleague[] }) {
  const names = new Map(mentions.map((c) => [c.username.toLowerCase(), c.name]));
  const parts: ReactNode[] = [];
  let from = 0;
  for (const token of mentionTokens(text)) {
    const name = names.get(token.username);
    if (name === undefined) continue;
    if (token.start > from) parts.push(text.slice(from, token.start));
    parts.push(
      <strong key={token.start} className="admin-mention">
        {text.slice(token.start, token.end)}
        <span className="admin-sr-only"> ({name})</span>
      </strong>,
    );
    from = token.end;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}
