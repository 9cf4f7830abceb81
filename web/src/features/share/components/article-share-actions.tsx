import { useState } from 'react';
import { buildMailtoLink, buildShareLinks, type ShareInput } from '../lib/share-links';
import { MailtoButton } from './mailto-button';
import { ShareDialog } from './share-dialog';

const ACTION_BUTTON =
  'inline-flex min-h-12 items-center justify-center px-5 py-3 font-sans font-bold uppercase tracking-wider no-underline';

/**
 * The article's share buttons: 'Share on Social' (opens the share dialog) and 'Email This Scandal'.
 * Without script the dialog cannot open: its Facebook and X links are offered as plain links instead.
 */
export function ArticleShareActions({ share }: { share: ShareInput }) {
  const [shareOpen, setShareOpen] = useState(false);
  const links = buildShareLinks(share);
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => setShareOpen(true)}
          className={`${ACTION_BUTTON} js-only bg-ink text-white hover:bg-tabloid-red`}
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
      <noscript>
        <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 font-sans font-bold uppercase tracking-wider">
          <a href={links.facebook} className="text-tabloid-red underline underline-offset-2">
            Share on Facebook
          </a>
          <a href={links.twitter} className="text-tabloid-red underline underline-offset-2">
            Share on X
          </a>
        </p>
      </noscript>
      <ShareDialog open={shareOpen} onClose={() => setShareOpen(false)} share={share} />
    </>
  );
}
