/** `note_mentions` (migration 056-note-mentions): the colleagues each note mentions (decision 060). */
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
}
