import { useState } from 'react';
import { slugify } from '@common/slug';
import { TAG_NAME_MAX_LENGTH } from '@common/byline';
import { countedCharacters } from '@/components/admin/character-count';
import { useCategories } from '../api/get-categories.ts';
import { tagChoice, type BulkEdit, type BulkTarget } from '../lib/bulk-edits.ts';
import { NameListbox, useNameCombobox, type NameOption } from './use-name-combobox.tsx';

export interface BulkEditChoiceProps {
  edit: BulkEdit;
  target: BulkTarget | undefined;
  onChoose(target: BulkTarget | undefined): void;
  disabled: boolean;
  /** The selection's tags are being read (Add tag, Remove tag): the dialog cannot say yet which are left out. */
  checking: boolean;
  /** The dialog's title and message for the choice made, told to a screen reader as they change. */
  summary: string;
}

/**
 * What an edit of the bulk dialog asks for (docs/product.md, All Articles): the section to move to, or the
 * tag to add or remove (with the filter bar's suggestions; Add also offers a new name).
 */
export function BulkEditChoice({ edit, target, onChoose, disabled, checking, summary }: BulkEditChoiceProps) {
  return (
    <div className="admin-bulk-choice">
      {edit === 'category' ? (
        <SectionSelect target={target} onChoose={onChoose} disabled={disabled} />
      ) : (
        <TagPicker adding={edit === 'addTag'} target={target} onChoose={onChoose} disabled={disabled} />
      )}
      {/* One polite region: the reading of the tags, shown; then what the choice does, to a screen reader
          (the title and message above change with the choice, and are not live). */}
      <p className={checking ? 'admin-muted' : 'admin-sr-only'} role="status">
        {checking ? 'Checking the selected articles’ tags…' : target ? summary : ''}
      </p>
    </div>
  );
}

function SectionSelect({ target, onChoose, disabled }: Pick<BulkEditChoiceProps, 'target' | 'onChoose' | 'disabled'>) {
  const categories = useCategories();
  return (
    <label className="admin-field">
      <span>Section</span>
      <select
        className="admin-select"
        value={target?.categoryId ?? 0}
        disabled={disabled}
        onChange={(e) => {
          const chosen = categories.data?.find((c) => c.id === Number(e.target.value));
          onChoose(chosen ? { name: chosen.name, categoryId: chosen.id } : undefined);
        }}
      >
        <option value={0}>Choose a section</option>
        {(categories.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The tag: a single-choice combobox with the filter bar's suggestions and keys (use-name-combobox.tsx).
 * Down/Up move through them, Enter takes the highlighted one (or the one named exactly as typed; for Add, a
 * name not found as 'Add new tag “…”'), Escape closes the list. Typing again drops the choice.
 */
function TagPicker({
  adding,
  target,
  onChoose,
  disabled,
}: Pick<BulkEditChoiceProps, 'target' | 'onChoose' | 'disabled'> & { adding: boolean }) {
  const [text, setText] = useState(target?.name ?? '');
  const query = text.replace(/\s+/g, ' ').trim();
  const slug = slugify(query);
  // A new name must make a slug and fit the tags' limit, as the article form's tags field takes it.
  const canBeNew = adding && slug !== '' && countedCharacters(query) <= TAG_NAME_MAX_LENGTH;
  const combobox = useNameCombobox({
    kind: 'tags',
    query,
    disabled,
    listLabel: 'Tag suggestions',
    closeOnPick: true,
    toOptions: (found) => {
      const options: NameOption[] = found.map((r) => ({ key: String(r.id), name: r.name, record: r }));
      if (canBeNew && !found.some((r) => r.slug === slug)) {
        options.push({ key: 'new', name: query, label: `Add new tag “${query}”` });
      }
      return options;
    },
    onPick: (option) => {
      setText(option.name);
      onChoose({ name: option.name, tag: tagChoice(option.name, option.record) });
    },
  });
  return (
    <div className="admin-field">
      <label htmlFor={combobox.inputId}>Tag</label>
      <div className="names-field__box">
        <input
          {...combobox.inputProps}
          className="admin-input"
          type="text"
          placeholder={adding ? 'Type to find or add a tag' : 'Type to find a tag'}
          value={text}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (target) onChoose(undefined);
            combobox.typed();
          }}
          onFocus={() => {
            if (!target) combobox.show();
          }}
          onBlur={() => combobox.close()}
          onKeyDown={(e) => {
            if (combobox.onKeyDown(e)) return;
            if (e.key === 'Enter') {
              // Enter never confirms the dialog from the box: it takes a name, or shows what there is.
              e.preventDefault();
              if (!query || target) return;
              const exact = combobox.options.find((o) => (o.record ? o.record.slug === slug : o.key === 'new'));
              if (exact) combobox.pick(exact);
              else combobox.show();
            }
          }}
        />
        <NameListbox combobox={combobox} />
      </div>
    </div>
  );
}
