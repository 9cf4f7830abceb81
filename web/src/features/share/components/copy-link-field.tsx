import { useId } from 'react';
import { useCopyText } from '@/lib/use-copy-text';

/** Read-only URL field with a Copy button that shows 'Copied!' for 2000 ms. */
export function CopyLinkField({ url }: { url: string }) {
  const inputId = useId();
  const { outcome, copy } = useCopyText();
  const copied = outcome === 'copied';
  const onCopy = () => void copy(url);

  return (
    <div>
      <label htmlFor={inputId} className="block font-sans text-sm font-bold uppercase tracking-wider">
        Link to this story
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          type="url"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 border-2 border-ink bg-grey-light px-3 py-2 font-sans text-sm text-ink"
        />
        <button
          type="button"
          onClick={onCopy}
          className="min-w-24 bg-ink px-4 py-2 font-sans text-sm font-bold uppercase tracking-wider text-white hover:bg-tabloid-red"
        >
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {copied ? 'Link copied to the clipboard' : ''}
      </p>
    </div>
  );
}
