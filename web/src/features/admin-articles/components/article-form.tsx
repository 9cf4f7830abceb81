import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { slugify } from '@common/slug';
import { isInTrash } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { useCategories } from '../api/get-categories.ts';
import { isFieldProblem, useCreateArticle } from '../api/create-article.ts';
import { conflictOf, useUpdateArticle, type ConflictFacts } from '../api/update-article.ts';
import {
  emptyForm,
  fieldErrorsFromProblem,
  FIELD_LABELS,
  formFromArticle,
  formToPayload,
  FORM_FIELDS,
  LIMITS,
  namesOf,
  namesValue,
  sameValues,
  validateForm,
  type ArticleFormValues,
  type FieldErrors,
  type FormField,
} from '../lib/article-fields.ts';
import { clearDraft, loadDraft, saveDraft } from '../lib/form-draft.ts';
import { isPublished } from '../lib/article-status.ts';
import { formatAdminDate } from '../lib/format-date.ts';
import { isSaveChord } from '../lib/save-keys.ts';
import type { AdminArticle } from '../types.ts';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ConflictPanel } from './conflict-panel.tsx';
import { ImageField } from './image-field.tsx';
import { CharacterCount, characterCountShown } from '@/components/admin/character-count';
import { SearchSocialField } from './search-social-field.tsx';
import { socialCardImage } from '../lib/social-card.ts';
import type { FocalPoint } from '../api/update-image.ts';
import { LazyBodyEditor } from '@/components/admin/body-editor/lazy-body-editor';
import { AutosaveStatus } from './autosave-status.tsx';
import { useAutosave } from './use-autosave.ts';
import { useStaleSave } from './use-stale-save.ts';
import { parseBody } from '@/lib/admin-body/body-doc';
import { AuthorsField } from './authors-field.tsx';
import { TagsField } from './tags-field.tsx';
import { useArticleExtensions } from '../extensions.tsx';
import { FORM_ACTIONS_HEIGHT_PROPERTY, useScrollRoom } from '@/components/admin/use-scroll-room';

export interface ArticleFormProps {
  /** The article being edited; undefined for a new one. */
  article?: AdminArticle;
  /** After a save (the form's draft is already cleared and the leave guard is off). */
  onSaved(article: AdminArticle): void;
  onCancel(): void;
  /** Fetches the article as the server holds it now (for a version conflict). */
  loadLatest?: () => Promise<AdminArticle>;
  /** The field that has the focus when the form opens (a 'Ready to publish?' suggestion's, decision 052). */
  initialFocus?: FormField;
}

/** When the image needs a description: the article is public or scheduled (decision 033). */
function imageRule(article: AdminArticle | undefined) {
  const goesPublic = Boolean(article && (article.publishedAt || article.publishAt));
  // An article published before descriptions existed keeps its picture as it is.
  const legacyImage = article && !article.imageAlt ? (article.imageUrl ?? undefined) : undefined;
  return { goesPublic, legacyImage };
}

/** A save refused because the article went to the Trash meanwhile (the article's screen then says so too). */
const IN_TRASH =
  'Not saved: this article was moved to the Trash. Your changes stay in this browser tab: restore the article to save them.';

/** The form-level message while fields are marked; it goes once every marked field is fixed. */
const CHECK_FIELDS = 'Check the highlighted fields.';

function firstInvalid(errors: FieldErrors): FormField | undefined {
  return FORM_FIELDS.find((f) => errors[f]);
}

/** Puts the focus on a field of the form (one inside a closed section, Search and social, is shown first). */
function focusFormField(form: HTMLFormElement | null, field: FormField | undefined) {
  if (!field) return;
  const el = form?.querySelector<HTMLElement>(`[name="${field}"]`);
  const section = el?.closest('details');
  if (section && !section.open) section.open = true;
  el?.focus();
}

/**
 * Create or edit every field of an article. Messages sit next to their fields (checked here first,
 * then by the server); the unsaved form is kept in the browser so a reload restores it; leaving with
 * unsaved changes asks first; a save based on an old version offers to reload or to compare.
 */
export function ArticleForm({ article, onSaved, onCancel, loadLatest, initialFocus }: ArticleFormProps) {
  const key = article ? article.id : 'new';
  const uid = useId();
  const [initial, setInitial] = useState<ArticleFormValues>(() => (article ? formFromArticle(article) : emptyForm()));
  const [restored] = useState(() => {
    const draft = loadDraft(key);
    return draft && !sameValues(draft.values, initial) ? draft : undefined;
  });
  const [values, setValues] = useState<ArticleFormValues>(restored?.values ?? initial);
  // Read by a stale save's check: what the form's version holds (after an autosave a save waited for,
  // what it saved), and what the editor has now.
  const loadedRef = useRef(initial);
  loadedRef.current = initial;
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [baseVersion, setBaseVersionState] = useState<number | undefined>(restored?.baseVersion ?? article?.version);
  // Read by a save that waited for an autosave (its version is the autosave's).
  const versionRef = useRef(baseVersion);
  const setBaseVersion = (v: number | undefined) => {
    versionRef.current = v;
    setBaseVersionState(v);
  };
  // A new key starts the body editor again from the values (reload theirs, discard).
  const [editorKey, setEditorKey] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ConflictFacts | null>(null);
  const [theirs, setTheirs] = useState<AdminArticle | null>(null);
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  const leaving = useRef(false);
  const stale = useStaleSave(article?.id);
  const formRef = useRef<HTMLFormElement>(null);
  const categories = useCategories();
  const { useFormSection } = useArticleExtensions();
  const [finishing, setFinishing] = useState(false);
  // The focal point of the picture in the image field (moved there, saved on the picture): the social card's.
  const [focal, setFocal] = useState<FocalPoint>(() => ({
    x: article?.imageFocalX ?? 0.5,
    y: article?.imageFocalY ?? 0.5,
  }));

  const finish = (saved: AdminArticle) => {
    stale.reset();
    leaving.current = true;
    clearDraft(key);
    if (!section) return onSaved(saved);
    // The extra fields (e.g. the share choice) are saved once the article exists; a failure there
    // does not undo the article's save.
    setFinishing(true);
    section
      .run(saved)
      .catch((err: unknown) =>
        toast({
          title: 'The article was saved, but not everything under it',
          description: errorParts(err).message,
          variant: 'destructive',
        }),
      )
      .finally(() => {
        setFinishing(false);
        onSaved(saved);
      });
  };
  const create = useCreateArticle({ onCreated: finish });
  const update = useUpdateArticle({ onSaved: finish });
  const saving = create.isPending || update.isPending || finishing;
  const section = useFormSection(article, { headline: values.headline, disabled: saving });
  const dirty = !sameValues(values, initial);
  /**
   * A stale save goes on with the newer values of fields someone else changed and the editor had not
   * (useStaleSave): the form shows them, and counts them as loaded, not as its edits.
   */
  const takeNewer = (take: Partial<ArticleFormValues>) => {
    if (Object.keys(take).length === 0) return;
    if (take.body !== undefined && take.body !== valuesRef.current.body) setEditorKey((k) => k + 1);
    setInitial((i) => ({ ...i, ...take }));
    setValues((v) => ({ ...v, ...take }));
  };
  // Save changes, Cancel and the save state stay at the foot of the window down the long form; a field
  // the focus moves to stops above them.
  const actionsBar = useRef<HTMLDivElement>(null);
  useScrollRoom(actionsBar, true, FORM_ACTIONS_HEIGHT_PROPERTY);
  const autosave = useAutosave({
    article,
    values,
    loaded: initial,
    dirty,
    version: () => versionRef.current,
    paused: saving || conflict !== null,
    onSaved: (saved, sent) => {
      setBaseVersion(saved.version);
      setInitial(sent);
    },
    onRebased: (version, take) => {
      setBaseVersion(version);
      takeNewer(take);
    },
    onConflict: setConflict,
  });

  // Keep the unsaved form in the browser (cleared when it matches the article again).
  useEffect(() => {
    if (leaving.current) return;
    if (dirty) saveDraft(key, { values, baseVersion, savedAt: new Date().toISOString() });
    else clearDraft(key);
  }, [dirty, values, baseVersion, key]);

  // Ctrl+S (Cmd+S) saves as the Save button does, wherever the focus is on the screen, instead of the
  // browser's "Save page as". A dialog on top (leave without saving) keeps the keyboard to itself.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSaveChord(e)) return;
      e.preventDefault();
      if (e.target instanceof Element && e.target.closest('dialog, [role="dialog"], [role="alertdialog"]')) return;
      formRef.current?.requestSubmit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Closing the tab or reloading with unsaved changes: the browser asks.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const set = <F extends FormField>(field: F, value: ArticleFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) {
      const rest = { ...errors, [field]: undefined };
      setErrors(rest);
      if (!firstInvalid(rest) && formError === CHECK_FIELDS) setFormError(null);
    }
  };

  const focusField = (field: FormField | undefined) => focusFormField(formRef.current, field);
  // Opened on a field: the focus starts there.
  const initialFocusRef = useRef(initialFocus);
  useEffect(() => focusFormField(formRef.current, initialFocusRef.current), []);

  const onServerError = (err: unknown, sent: ArticleFormValues) => {
    // Not a conflict: the save's toast says why and the article's screen reloads into 'This article was
    // deleted'; the values stay in the tab's draft.
    if (isInTrash(err)) {
      setFormError(IN_TRASH);
      return;
    }
    const facts = conflictOf(err);
    if (facts) {
      void settleConflict(facts, sent);
      return;
    }
    if (isFieldProblem(err)) {
      const problem = (err as { problem?: unknown }).problem;
      const { fields, other } = fieldErrorsFromProblem(problem);
      setErrors(fields);
      setFormError(other.length ? other.join(' ') : CHECK_FIELDS);
      focusField(firstInvalid(fields));
      return;
    }
    setFormError(errorParts(err).message);
  };

  /**
   * A save refused as stale: saved on the version now, once, with no panel, when the history says only
   * what the form does not edit, or fields the editor has not changed, changed since (useStaleSave):
   * those fields take their newer values. Otherwise the conflict panel.
   */
  const settleConflict = async (facts: ConflictFacts, sent: ArticleFormValues) => {
    const rebase = await stale.newerVersion(versionRef.current, facts, {
      loaded: loadedRef.current,
      sent,
      current: () => valuesRef.current,
    });
    if (rebase === undefined) return setConflict(facts);
    setBaseVersion(rebase.version);
    takeNewer(rebase.take);
    submit(rebase.version, { ...sent, ...rebase.take });
  };

  // Editing a published article: a minor edit (a typo fix) does not show readers an "Updated" time.
  const [minorEdit, setMinorEdit] = useState(false);
  const submit = (overVersion?: number, sent: ArticleFormValues = values) => {
    if (saving) return;
    // A draft being saved automatically: this save waits for it and is based on the version it makes.
    const autosaving = autosave.settle();
    if (autosaving) {
      void autosaving.then(() => submit(overVersion, sent));
      return;
    }
    // A published or scheduled article keeps a description of its image (the server's rule too).
    const found = validateForm(sent, imageRule(article));
    setErrors(found);
    setFormError(null);
    if (firstInvalid(found)) {
      setFormError(CHECK_FIELDS);
      focusField(firstInvalid(found));
      return;
    }
    const body = formToPayload(sent);
    const onError = (err: unknown) => onServerError(err, sent);
    if (!article) create.mutate(body, { onError });
    else {
      const version = overVersion ?? versionRef.current;
      update.mutate({ id: article.id, version, body, minorEdit }, { onError });
    }
  };

  const reloadTheirs = async () => {
    if (!loadLatest) return;
    const latest = await loadLatest();
    const fresh = formFromArticle(latest);
    setInitial(fresh);
    setValues(fresh);
    setBaseVersion(latest.version);
    setEditorKey((k) => k + 1);
    setConflict(null);
    setTheirs(null);
    setErrors({});
    setFormError(null);
    clearDraft(key);
  };
  const compare = async () => {
    if (loadLatest) setTheirs(await loadLatest());
  };

  /** A field with its label, hint and message; `max`: a text limited in characters, with its count. */
  const field = (
    name: FormField,
    control: (props: Record<string, unknown>) => ReactNode,
    hint?: string,
    max?: number,
  ) => {
    const id = `${uid}-${name}`;
    const error = errors[name];
    const value = String(values[name]);
    const counted = max !== undefined && characterCountShown(value, max);
    const describedBy =
      [hint ? `${id}-hint` : '', counted ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
      undefined;
    return (
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={id}>
          {FIELD_LABELS[name]}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="admin-form__hint">
            {hint}
          </p>
        ) : null}
        {control({
          id,
          name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          disabled: saving,
        })}
        {max !== undefined ? <CharacterCount id={`${id}-count`} value={value} max={max} /> : null}
        {error ? (
          <p id={`${id}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  // No maxlength on the limited texts: it counts UTF-16 units (an emoji as 2, a family as 11) and would
  // refuse a text within the limit, or cut a paste short without a word. The count and the rules say it.
  const text = (name: Exclude<FormField, 'isBreaking'>, max: number, type = 'text', hint?: string) =>
    field(
      name,
      (p) => (
        <input
          {...p}
          className="admin-input"
          type={type}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      hint,
      max,
    );
  // A published article whose headline changes moves to a new address; the old one redirects.
  const newSlug = slugify(values.headline.trim());
  const addressChange =
    article && isPublished(article.publishedAt) && newSlug && newSlug !== article.slug ? newSlug : undefined;
  const area = (name: 'summary' | 'comments', rows: number, max: number) =>
    field(
      name,
      (p) => (
        <textarea
          {...p}
          className="admin-input admin-textarea"
          rows={rows}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      ),
      undefined,
      max,
    );

  return (
    <form
      ref={formRef}
      className="admin-form admin-form--columns"
      noValidate
      aria-labelledby={`${uid}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h1 id={`${uid}-title`}>{article ? 'Edit Article' : 'New Article'}</h1>
      {showRestored && restored ? (
        <div className="admin-notice" role="status">
          <p>Restored your unsaved changes from {formatAdminDate(restored.savedAt)}.</p>
          <button
            type="button"
            className="admin-btn admin-btn--small"
            onClick={() => {
              setValues(initial);
              setBaseVersion(article?.version);
              setEditorKey((k) => k + 1);
              setShowRestored(false);
              clearDraft(key);
            }}
          >
            Discard changes
          </button>
        </div>
      ) : null}
      {conflict ? (
        <ConflictPanel
          facts={conflict}
          mine={values}
          theirs={theirs}
          categories={categories.data}
          onReload={() => void reloadTheirs()}
          onCompare={() => void compare()}
          onOverwrite={() => {
            const v = conflict.currentVersion ?? theirs?.version;
            setConflict(null);
            setTheirs(null);
            if (v !== undefined) setBaseVersion(v);
            submit(v);
          }}
          busy={saving}
        />
      ) : null}
      {formError ? (
        <p className="admin-form__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div className="admin-form__main">
        {text('headline', LIMITS.headline)}
        {addressChange ? (
          <div className="admin-notice" role="status">
            <p>
              This article is published: saving this headline changes its address to{' '}
              <span className="admin-break">/article/{addressChange}</span>. The old address,{' '}
              <span className="admin-break">/article/{article!.slug}</span>, will redirect readers to the new one.
            </p>
          </div>
        ) : null}
        {area('summary', 3, LIMITS.summary)}
        <SearchSocialField
          metaTitle={values.metaTitle}
          metaDescription={values.metaDescription}
          headline={values.headline}
          summary={values.summary}
          body={values.body}
          slug={newSlug || article?.slug || ''}
          cardImage={socialCardImage({ article, values, loaded: initial, version: baseVersion, focal })}
          errors={errors}
          disabled={saving}
          onChange={(name, value) => set(name, value)}
        />
        <div className="admin-form__field">
          <span id={`${uid}-body-label`} className="admin-form__label">
            {FIELD_LABELS.body}
          </span>
          <LazyBodyEditor
            key={editorKey}
            id={`${uid}-body`}
            labelledBy={`${uid}-body-label`}
            describedBy={errors.body ? `${uid}-body-error` : undefined}
            invalid={Boolean(errors.body)}
            disabled={saving}
            initial={parseBody(values.body)}
            onChange={(doc) => set('body', JSON.stringify(doc))}
          />
          {errors.body ? (
            <p id={`${uid}-body-error`} className="admin-field-error">
              {errors.body}
            </p>
          ) : null}
        </div>
        <ImageField
          value={values.imageUrl}
          alt={values.imageAlt}
          caption={values.imageCaption}
          credit={values.imageCredit}
          errors={errors}
          focal={
            article
              ? {
                  imageUrl: article.imageUrl,
                  x: article.imageFocalX ?? 0.5,
                  y: article.imageFocalY ?? 0.5,
                  size: article.imageSize,
                }
              : undefined
          }
          disabled={saving}
          onChange={(name, value) => set(name, value)}
          onFocalPoint={setFocal}
        />
      </div>
      <div className="admin-form__side">
        {field('categoryId', (p) => (
          <select
            {...p}
            className="admin-select"
            value={values.categoryId}
            onChange={(e) => set('categoryId', e.target.value)}
          >
            <option value="">Select a category</option>
            {(categories.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        ))}
        <AuthorsField
          names={namesOf(values.authors)}
          onChange={(names) => set('authors', namesValue(names))}
          error={errors.authors}
          disabled={saving}
        />
        <TagsField
          names={namesOf(values.tags)}
          onChange={(names) => set('tags', namesValue(names))}
          error={errors.tags}
          disabled={saving}
        />
        {text('source', LIMITS.source)}
        {text(
          'editorName',
          LIMITS.editorName,
          'text',
          article ? undefined : 'Left empty, the article is signed with your name.',
        )}
        {text('originalUrl', LIMITS.url, 'url')}
        {field('ratingOutOfTen', (p) => (
          <input
            {...p}
            className="admin-input admin-input--short"
            type="number"
            min={0}
            max={10}
            step={1}
            inputMode="numeric"
            value={values.ratingOutOfTen}
            onChange={(e) => set('ratingOutOfTen', e.target.value)}
          />
        ))}
        {area('comments', 4, LIMITS.comments)}
        <div className="admin-form__field admin-form__check">
          <input
            id={`${uid}-isBreaking`}
            name="isBreaking"
            type="checkbox"
            checked={values.isBreaking}
            disabled={saving}
            onChange={(e) => set('isBreaking', e.target.checked)}
          />
          <label htmlFor={`${uid}-isBreaking`}>{FIELD_LABELS.isBreaking}</label>
        </div>
        {section?.node}
        {article?.publishedAt ? (
          <div className="admin-form__field admin-form__check">
            <input
              id={`${uid}-minorEdit`}
              name="minorEdit"
              type="checkbox"
              checked={minorEdit}
              disabled={saving}
              onChange={(e) => setMinorEdit(e.target.checked)}
            />
            <label htmlFor={`${uid}-minorEdit`}>Minor edit (a typo fix: readers are not shown an update time)</label>
          </div>
        ) : null}
      </div>
      <div ref={actionsBar} className="admin-actions admin-form__actions admin-form__actions--sticky">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={saving} aria-busy={saving}>
          {saving ? 'Saving…' : article ? 'Save changes' : 'Create article'}
        </button>
        <button type="button" className="admin-btn" disabled={saving} onClick={onCancel}>
          Cancel
        </button>
        {autosave.shown ? (
          <AutosaveStatus state={autosave.state} dirty={dirty} />
        ) : dirty ? (
          <span className="admin-muted">Unsaved changes</span>
        ) : null}
      </div>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        message="Your changes to this article are not saved on the site. They stay in this browser tab: open the form again to continue, or discard them there."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => {
          leaving.current = true;
          blocker.proceed?.();
        }}
      />
    </form>
  );
}
