import type { Generated } from 'kysely';

/**
 * `note_mentions` (migrations 056-note-mentions, 057-mention-reads, 060-reply-notices): the colleagues each
 * note is for: those it mentions (decision 060) and, for a reply, those in its thread (decision 061).
 */
export interface NoteMentionTable {
  note_id: number;
  /** The colleague's subject, as the audit trail and `editor_activity` know them. */
  subject: string;
  /** Their username and display name when the note was added. */
  username: string;
  name: string;
  /** Where the mention comes in the note's text (0: first): the order they are listed in. */
  position: number;
  /** The note's time (`article_notes.created_at`): a colleague's mentions are read newest first by it. */
  created_at: string;
  /** When the colleague opened the story's notes or marked their mentions read (null: a new mention). */
  read_at: string | null;
  /** 'mention': the text names them; 'reply': they wrote the note or an earlier reply of the thread it joins. */
  kind: Generated<'mention' | 'reply'>;
}
