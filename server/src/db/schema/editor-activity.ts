/** `editor_activity` (migration 003-admin): when each editor was last seen in the newsroom. */
export interface EditorActivityTable {
  subject: string;
  name: string;
  username: string;
  last_seen_at: string;
}
