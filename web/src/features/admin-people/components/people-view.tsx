import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { AdminAuthor, AdminTag } from '@common/admin-contract';
import { AUTHOR_BIO_MAX_LENGTH, AUTHOR_NAME_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from '@common/byline';
import { firstCharacters } from '@common/text-length';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { CharacterCount, characterCountShown, characterLimitError } from '@/components/admin/character-count';
import { AdminApiError, problemDetail } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import { PEOPLE_LIST_LIMIT, usePeopleList, useUpdatePeople, type PeopleKind } from '../api/people.ts';
import { articlesLabel, DeleteDialog, MergeDialog, pageOf } from './record-actions.tsx';

type FieldErrors = Record<string, string>;

/** Field messages of a 400 problem (errors: [{ name, message }]) or the detail of a 409/404. */
function problemOf(err: unknown): { fields: FieldErrors; message: string } {
  if (!(err instanceof AdminApiError)) return { fields: {}, message: 'The change was not saved.' };
  const fields: FieldErrors = {};
  const list = err.problem?.errors;
  if (Array.isArray(list)) {
    for (const e of list as { name?: string; message?: string }[]) {
      if (e.name && e.message) fields[e.name] = e.message;
    }
  }
  return { fields, message: problemDetail(err, 'The change was not saved.') };
}

/** The longest name filter the API takes, in characters (as long as the longest name). */
const MAX_FILTER_LENGTH = AUTHOR_NAME_MAX_LENGTH;
/** The longest address of an author's photo, in characters (as the article's image address). */
const PHOTO_URL_MAX = 2000;
/** A name as the server counts it: its spaces collapsed (then trimmed by the count). */
const nameText = (name: string) => name.replace(/\s+/g, ' ');

type RecordAction = { type: 'merge' | 'delete'; record: AdminAuthor | AdminTag; open: boolean; key: number };

/**
 * /admin/authors and /admin/tags: every author (or tag) by name with its number of articles, a
 * filter, and per row an Edit form (an author's name, bio, photo and X handle; a tag's name), Merge
 * into another record, and Delete (a tag; an author named on no article). A new name that changes
 * the address keeps the old address as a redirect; so does a merge.
 */
export function PeopleView({ kind }: { kind: PeopleKind }) {
  // The filter is kept in the URL (?q=): back from an article list keeps it, and a reload too.
  const [params, setParams] = useSearchParams();
  const q = firstCharacters(params.get('q') ?? '', MAX_FILTER_LENGTH);
  const setQ = (value: string) => setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });
  const list = usePeopleList(kind, q.trim());
  const [editing, setEditing] = useState<number | null>(null);
  const [action, setAction] = useState<RecordAction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = kind === 'authors' ? 'Authors' : 'Tags';
  const uid = useId();
  const open = (type: RecordAction['type'], record: AdminAuthor | AdminTag) =>
    setAction((a) => ({ type, record, open: true, key: (a?.key ?? 0) + 1 }));
  const close = () => setAction((a) => a && { ...a, open: false });
  // The record's row is gone after a merge or a deletion: once the dialog has closed (it gives the
  // focus back to the button that opened it), the focus goes to the heading.
  const refocus = useRef(false);
  const done = () => {
    refocus.current = true;
    close();
  };
  useEffect(() => {
    if (refocus.current && action && !action.open) {
      refocus.current = false;
      heading.current?.focus();
    }
  }, [action]);
  return (
    <section className="admin-section" aria-labelledby={`${uid}-title`}>
      <h1 id={`${uid}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="admin-muted">
        {kind === 'authors'
          ? 'New authors are added from the article form. Renaming moves the author page; the old address redirects. An author named on articles is merged into another rather than deleted.'
          : 'New tags are added from the article form. Renaming moves the tag page; the old address redirects. Merging moves the articles and the address to another tag.'}
      </p>
      <div className="admin-form__field" style={{ maxWidth: '24rem', margin: '12px 0' }}>
        <label className="admin-form__label" htmlFor={`${uid}-q`}>
          Find {kind === 'authors' ? 'an author' : 'a tag'}
        </label>
        <input id={`${uid}-q`} className="admin-input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {(list.data?.length ?? 0) >= PEOPLE_LIST_LIMIT ? (
        <p className="admin-muted">
          The first {PEOPLE_LIST_LIMIT} by name are listed: find {kind === 'authors' ? 'an author' : 'a tag'} by name
          for the others.
        </p>
      ) : null}
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <p role="alert">Failed to load the {kind}.</p>
      ) : list.data.length === 0 ? (
        <p>No {kind} found.</p>
      ) : (
        <ul className="admin-people-list">
          {list.data.map((record) => (
            <li key={record.id} className="admin-form">
              {editing === record.id ? (
                kind === 'authors' ? (
                  <AuthorEditor author={record as AdminAuthor} onDone={() => setEditing(null)} />
                ) : (
                  <TagEditor tag={record as AdminTag} onDone={() => setEditing(null)} />
                )
              ) : (
                <div className="admin-people-list__row">
                  <h2 className="admin-people-list__name">{record.name}</h2>
                  <a className="admin-link admin-break" href={pageOf(kind, record.slug)}>
                    {pageOf(kind, record.slug)}
                  </a>
                  {record.articleCount ? (
                    <Link
                      className="admin-link"
                      to={paths.admin.articles.getHref(
                        kind === 'authors' ? { authorId: record.id } : { tagId: record.id },
                      )}
                      aria-label={`${articlesLabel(record.articleCount)} ${kind === 'authors' ? 'by' : 'tagged'} ${record.name}`}
                    >
                      {articlesLabel(record.articleCount)}
                    </Link>
                  ) : record.articleCount === 0 ? (
                    <span className="admin-muted">{articlesLabel(0)}</span>
                  ) : null}
                  <span className="admin-actions admin-people-list__actions">
                    <button
                      type="button"
                      className="admin-btn admin-btn--small"
                      aria-label={`Edit ${record.name}`}
                      onClick={() => setEditing(record.id)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="admin-btn admin-btn--small"
                      aria-label={`Merge ${record.name} into another ${kind === 'authors' ? 'author' : 'tag'}`}
                      onClick={() => open('merge', record)}
                    >
                      Merge…
                    </button>
                    {kind === 'tags' || record.articleCount === 0 ? (
                      <button
                        type="button"
                        className="admin-btn admin-btn--small admin-btn--danger-outline"
                        aria-label={`Delete ${record.name}`}
                        onClick={() => open('delete', record)}
                      >
                        Delete
                      </button>
                    ) : null}
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {action?.type === 'merge' ? (
        <MergeDialog
          key={action.key}
          open={action.open}
          kind={kind}
          record={action.record}
          onClose={close}
          onDone={done}
        />
      ) : action?.type === 'delete' ? (
        <DeleteDialog
          key={action.key}
          open={action.open}
          kind={kind}
          record={action.record}
          onClose={close}
          onDone={done}
        />
      ) : null}
    </section>
  );
}

/**
 * A field of the edit form; `limit` (a text and its limit in characters, common/text-length.ts) shows its
 * count near the limit, as the article form does (no `maxlength`, which counts UTF-16 units).
 */
function Field(props: {
  id: string;
  label: string;
  error?: string;
  limit?: { value: string; max: number };
  children: (p: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const { limit } = props;
  const counted = limit ? characterCountShown(limit.value, limit.max) : false;
  const describedBy = [counted ? `${props.id}-length` : '', props.error ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="admin-form__field">
      <label className="admin-form__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children({
        id: props.id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {limit ? <CharacterCount id={`${props.id}-length`} value={limit.value} max={limit.max} /> : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="admin-field-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The edit form of an author or a tag: its name field, the fields `children` adds, Save and Cancel; a
 * refusal shows its message and the fields it names.
 */
function RecordEditor(props: {
  kind: PeopleKind;
  id: number;
  label: string;
  noun: 'author' | 'tag';
  name: string;
  nameMaxLength: number;
  body(name: string): Record<string, unknown>;
  /** The other fields' texts over their limits, refused before sending (field: message). */
  tooLong?(): FieldErrors;
  onDone(): void;
  children?: (errors: FieldErrors, uid: string) => ReactNode;
}) {
  const uid = useId();
  const update = useUpdatePeople(props.kind);
  const [name, setName] = useState(props.name);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  return (
    <form
      aria-label={props.label}
      style={{ display: 'grid', gap: '12px' }}
      onSubmit={(e) => {
        e.preventDefault();
        if (update.isPending) return;
        // Texts over their limits in characters are refused here, as the server would (the first focused).
        const nameError = characterLimitError(nameText(name), props.nameMaxLength);
        const over: FieldErrors = { ...(nameError ? { name: nameError } : {}), ...props.tooLong?.() };
        if (Object.keys(over).length > 0) {
          setErrors(over);
          setMessage('');
          const first = Object.keys(over)[0];
          document.getElementById(`${uid}-${first === 'photoUrl' ? 'photo' : first}`)?.focus();
          return;
        }
        update.mutate(
          { id: props.id, body: props.body(name) },
          {
            onSuccess: (saved) => {
              toast({ title: `Saved ${saved.name}` });
              props.onDone();
            },
            onError: (err) => {
              const p = problemOf(err);
              setErrors(p.fields);
              setMessage(p.message);
            },
          },
        );
      }}
    >
      {message ? (
        <p className="admin-form__error" role="alert">
          {message}
        </p>
      ) : null}
      <Field
        id={`${uid}-name`}
        label="Name"
        error={errors.name}
        limit={{ value: nameText(name), max: props.nameMaxLength }}
      >
        {(p) => <input {...p} className="admin-input" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      {props.children?.(errors, uid)}
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : `Save ${props.noun}`}
        </button>
        <button type="button" className="admin-btn" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AuthorEditor({ author, onDone }: { author: AdminAuthor; onDone(): void }) {
  const [bio, setBio] = useState(author.bio);
  const [photoUrl, setPhotoUrl] = useState(author.photoUrl ?? '');
  const [xHandle, setXHandle] = useState(author.xHandle ?? '');
  return (
    <RecordEditor
      kind="authors"
      id={author.id}
      label={`Edit author ${author.name}`}
      noun="author"
      name={author.name}
      nameMaxLength={AUTHOR_NAME_MAX_LENGTH}
      body={(name) => ({ name, bio, photoUrl: photoUrl.trim() || null, xHandle: xHandle.trim() || null })}
      tooLong={() => {
        const bioError = characterLimitError(bio, AUTHOR_BIO_MAX_LENGTH);
        const photoError = characterLimitError(photoUrl, PHOTO_URL_MAX);
        return { ...(bioError ? { bio: bioError } : {}), ...(photoError ? { photoUrl: photoError } : {}) };
      }}
      onDone={onDone}
    >
      {(errors, uid) => (
        <>
          <Field id={`${uid}-bio`} label="Bio" error={errors.bio} limit={{ value: bio, max: AUTHOR_BIO_MAX_LENGTH }}>
            {(p) => (
              <textarea
                {...p}
                className="admin-input admin-textarea"
                rows={4}
                value={bio}
                onChange={(e) => setBio(e.target.value)}
              />
            )}
          </Field>
          <Field
            id={`${uid}-photo`}
            label="Photo URL"
            error={errors.photoUrl}
            limit={{ value: photoUrl, max: PHOTO_URL_MAX }}
          >
            {(p) => (
              <input
                {...p}
                className="admin-input"
                type="url"
                value={photoUrl}
                onChange={(e) => setPhotoUrl(e.target.value)}
              />
            )}
          </Field>
          <Field id={`${uid}-x`} label="X handle" error={errors.xHandle}>
            {(p) => (
              <input
                {...p}
                className="admin-input admin-input--short"
                value={xHandle}
                maxLength={16}
                onChange={(e) => setXHandle(e.target.value)}
              />
            )}
          </Field>
        </>
      )}
    </RecordEditor>
  );
}

function TagEditor({ tag, onDone }: { tag: AdminTag; onDone(): void }) {
  return (
    <RecordEditor
      kind="tags"
      id={tag.id}
      label={`Edit tag ${tag.name}`}
      noun="tag"
      name={tag.name}
      nameMaxLength={TAG_NAME_MAX_LENGTH}
      body={(name) => ({ name })}
      onDone={onDone}
    />
  );
}
