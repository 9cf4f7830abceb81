import { useState } from 'react';
import { buildMailtoLink, type ShareInput } from '../lib/share-links';
import { MailtoButton } from './mailto-button';
import { ShareDialog } from './share-dialog';

const ACTION_BUTTON =
  'inline-flex min-h-12 items-center justify-center px-5 py-3 font-sans font-bold uppercase tracking-wider no-underline';

/** The article's share buttons: 'Share on Social' (opens the share dialog) and 'Email This Scandal'. */
export function ArticleShareActions({ share }: { share: ShareInput }) {
  const [shareOpen, setShareOpen] = useState(false);
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => setShareOpen(true)}
          className={`${ACTION_BUTTON} bg-ink text-white hover:bg-tabloid-red`}
        >
          Share on Social
        </button>
        <MailtoButton
          href={buildMailtoLink(share)}
          className={`${ACTION_BUTTON} border-4 border-ink bg-paper text-ink hover:bg-tabloid-yellow`}
        >
          Email This Scandal
        </MailtoButton>
      </div>
      <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} share={share} />
    </>
  );
}
