import { useNamedRecord } from '../api/get-named-record.ts';
import type { NameKind } from '../api/search-names.ts';

/**
 * The list's author or tag filter (set from the Authors and Tags screens' article counts): what it
 * is, by name, and a button that clears it. A record merged or deleted since is named by its id.
 */
export function RecordFilter({ kind, id, onClear }: { kind: NameKind; id: number; onClear(): void }) {
  const record = useNamedRecord(kind, id);
  const noun = kind === 'authors' ? 'author' : 'tag';
  const name = record.data?.name ?? (record.isError ? `${noun} ${id} (no longer exists)` : '…');
  return (
    <p className="admin-filter-note">
      <span>
        {kind === 'authors' ? 'By ' : 'Tagged '}
        <strong>{name}</strong>
      </span>
      <button type="button" className="admin-btn admin-btn--small" onClick={onClear}>
        {kind === 'authors' ? 'Show all authors' : 'Show all tags'}
      </button>
    </p>
  );
}
