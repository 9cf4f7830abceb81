import { useId, useState } from 'react';
import type { AdminAuthor, AdminTag } from '@common/admin-contract';
import { authorPath, tagPath } from '@common/byline';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { problemDetail } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeletePeople } from '../api/delete-people.ts';
import { useMergePeople } from '../api/merge-people.ts';
import { PEOPLE_LIST_LIMIT, usePeopleList, type PeopleKind } from '../api/people.ts';

type PeopleRecordAny = AdminAuthor | AdminTag;

const nounOf = (kind: PeopleKind) => (kind === 'authors' ? 'author' : 'tag');
export const pageOf = (kind: PeopleKind, slug: string) => (kind === 'authors' ? authorPath(slug) : tagPath(slug));
export const articlesLabel = (n: number) => `${n} article${n === 1 ? '' : 's'}`;

/** How long the merge dialog's Find waits for the typing to stop before it asks the server. */
const FIND_DELAY_MS = 250;

/**
 * Merge an author or a tag into another: the dialog names what happens to the articles and the old
 * address, and offers the other records of the kind, by name; Find asks the server for those whose
 * name contains the text (a newsroom may have thousands of tags, more than one list holds). The
 * record chosen stays chosen while the editor finds others. A double-click confirms once.
 */
export function MergeDialog(props: {
  open: boolean;
  kind: PeopleKind;
  record: PeopleRecordAny;
  onClose(): void;
  onDone(): void;
}) {
  const { kind, record } = props;
  const noun = nounOf(kind);
  const some = kind === 'authors' ? 'an author' : 'a tag';
  const uid = useId();
  const merge = useMergePeople(kind);
  const [find, setFind] = useState('');
  const asked = useDebouncedValue(find.trim(), FIND_DELAY_MS);
  const found = usePeopleList(kind, asked, { keepPrevious: true });
  const [chosen, setChosen] = useState<PeopleRecordAny | null>(null);
  const [error, setError] = useState<string | null>(null);
  const results = (found.data ?? []).filter((o) => o.id !== record.id);
  // The one chosen stays an option (first) while other names are found.
  const others = chosen && !results.some((o) => o.id === chosen.id) ? [chosen, ...results] : results;
  const full = (found.data?.length ?? 0) >= PEOPLE_LIST_LIMIT;
  return (
    <ConfirmDialog
      open={props.open}
      title={`Merge ${record.name} into another ${noun}`}
      message={
        kind === 'authors'
          ? `Every byline that names ${record.name} names the author you choose instead, and ${pageOf(kind, record.slug)} leads to that author's page. ${record.name} is then removed.`
          : `Every article tagged ${record.name} gets the tag you choose instead, and ${pageOf(kind, record.slug)} leads to that tag's page. ${record.name} is then removed.`
      }
      confirmLabel={`Merge ${kind}`}
      busyLabel="Merging…"
      busy={merge.isPending}
      error={error}
      onCancel={props.onClose}
      onConfirm={() => {
        const target = chosen;
        if (!target) {
          setError(`Choose the ${noun} to merge ${record.name} into.`);
          return;
        }
        setError(null);
        merge.mutate(
          { id: record.id, into: target.id },
          {
            onSuccess: (merged) => {
              toast({ title: `Merged ${record.name} into ${merged.name}` });
              props.onDone();
            },
            onError: (err) => {
              setError(problemDetail(err, 'The change was not made.'));
            },
          },
        );
      }}
    >
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={`${uid}-find`}>
          Find {some}
        </label>
        <input
          id={`${uid}-find`}
          className="admin-input"
          type="search"
          value={find}
          maxLength={200}
          aria-describedby={`${uid}-found`}
          onChange={(e) => setFind(e.target.value)}
          disabled={merge.isPending}
        />
        <p id={`${uid}-found`} className="admin-muted" aria-live="polite">
          {found.isError
            ? `Failed to load the ${kind}.`
            : !found.data || found.isPlaceholderData
              ? 'Looking…'
              : asked
                ? results.length === 0
                  ? `No other ${noun} matches “${asked}”.`
                  : results.length === 1
                    ? `1 ${noun} matches “${asked}”.`
                    : `${results.length}${full ? '+' : ''} ${kind} match “${asked}”.`
                : full
                  ? `The first ${PEOPLE_LIST_LIMIT} by name are listed: find ${some} by name for the others.`
                  : null}
        </p>
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={`${uid}-into`}>
          Merge into
        </label>
        <select
          id={`${uid}-into`}
          className="admin-select"
          value={chosen ? String(chosen.id) : ''}
          onChange={(e) => setChosen(others.find((o) => String(o.id) === e.target.value) ?? null)}
          disabled={merge.isPending}
        >
          <option value="">Choose {some}…</option>
          {others.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.articleCount === undefined ? o.name : `${o.name} (${articlesLabel(o.articleCount)})`}
            </option>
          ))}
        </select>
      </div>
    </ConfirmDialog>
  );
}

/** Delete an author or a tag, saying what becomes of its articles and its page. A double-click deletes once. */
export function DeleteDialog(props: {
  open: boolean;
  kind: PeopleKind;
  record: PeopleRecordAny;
  onClose(): void;
  onDone(): void;
}) {
  const { kind, record } = props;
  const noun = nounOf(kind);
  const remove = useDeletePeople(kind);
  const [error, setError] = useState<string | null>(null);
  const n = record.articleCount ?? 0;
  const page = pageOf(kind, record.slug);
  return (
    <ConfirmDialog
      open={props.open}
      title={`Delete the ${noun} ${record.name}?`}
      message={
        kind === 'tags' && n > 0
          ? `It is taken off its ${articlesLabel(n)}, and ${page} will answer “not found”.`
          : `${page} will answer “not found”.`
      }
      confirmLabel={`Delete ${noun}`}
      busy={remove.isPending}
      error={error}
      onCancel={props.onClose}
      onConfirm={() => {
        setError(null);
        remove.mutate(record.id, {
          onSuccess: () => {
            toast({ title: `Deleted ${record.name}` });
            props.onDone();
          },
          onError: (err) => {
            setError(problemDetail(err, 'The change was not made.'));
          },
        });
      }}
    />
  );
}
