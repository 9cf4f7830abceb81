import { MAX_TAGS_PER_ARTICLE, TAG_NAME_MAX_LENGTH } from '@common/byline';
import { NamesField } from './names-field.tsx';

/** The article's tags: found by name or added inline (created when the article is saved). */
export function TagsField(props: {
  names: string[];
  onChange(names: string[]): void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <NamesField
      kind="tags"
      label="Tags"
      noun="tag"
      maxNames={MAX_TAGS_PER_ARTICLE}
      maxLength={TAG_NAME_MAX_LENGTH}
      hint="Shown at the foot of the article, each linked to its page."
      {...props}
    />
  );
}
