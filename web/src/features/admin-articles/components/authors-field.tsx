import { AUTHOR_NAME_MAX_LENGTH, MAX_AUTHORS_PER_ARTICLE } from '@common/byline';
import { NamesField } from './names-field.tsx';

/** The byline: authors in order, found by name or added inline (created when the article is saved). */
export function AuthorsField(props: {
  names: string[];
  onChange(names: string[]): void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <NamesField
      kind="authors"
      label="Authors"
      noun="author"
      maxNames={MAX_AUTHORS_PER_ARTICLE}
      maxLength={AUTHOR_NAME_MAX_LENGTH}
      hint="In byline order. Readers see them as “A, B and C”, each linked to their page."
      {...props}
    />
  );
}
