import { Form } from 'react-router';
import { cx } from '@/lib/cx';

/**
 * A plain GET form to /search: without script the browser submits it and the server renders the
 * results; with script the router navigates to the same URL.
 */
export function SearchForm({
  id,
  label,
  defaultValue,
  compact = false,
  className,
}: {
  id: string;
  label: string;
  defaultValue?: string;
  compact?: boolean;
  className?: string;
}) {
  return (
    // Named by its label: a page with two search forms (the header's and the search page's) has two
    // search landmarks, told apart by name.
    <Form
      method="get"
      action="/search"
      role="search"
      aria-labelledby={`${id}-label`}
      className={cx('flex flex-wrap items-stretch', className)}
    >
      <label
        id={`${id}-label`}
        htmlFor={id}
        className={compact ? 'sr-only' : 'mb-2 block w-full font-sans text-sm font-bold uppercase'}
      >
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        required
        maxLength={200}
        defaultValue={defaultValue}
        placeholder={compact ? 'Search stories' : undefined}
        className={cx(
          'min-h-11 min-w-0 flex-1 border-2 border-ink bg-white px-3 font-sans text-base text-ink placeholder:text-grey-dark',
          compact ? 'w-full md:w-56' : 'w-full',
        )}
      />
      <button
        type="submit"
        className="min-h-11 shrink-0 bg-ink px-4 font-sans text-sm font-bold uppercase tracking-wider text-white hover:bg-tabloid-red"
      >
        Search
      </button>
    </Form>
  );
}
