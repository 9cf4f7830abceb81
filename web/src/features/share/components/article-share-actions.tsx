import { useState } from 'react';
import { buildMailtoLink, buildShareLinks, type ShareInput } from '../lib/share-links';
import { MailtoButton } from './mailto-button';
import { ShareDialog } from './share-dialog';

const ACTION_BUTTON =
  'inline-flex min-h-12 items-center justify-center px-5 py-3 font-sans font-bold uppercase tracking-wider no-underline';

/**
 * The article's share buttons: 'Share on Social' (opens the share dialog) and 'Email This Scandal'.
 * Without script the dialog cannot open: in the button's place (which then takes no room) its
 * Facebook and X links are offered as plain links.
 */
export function ArticleShareActions({ share }: { share: ShareInput }) {
  const [shareOpen, setShareOpen] = useState(false);
  const links = buildShareLinks(share);
  const plainLink = `${ACTION_BUTTON} bg-ink text-white hover:bg-tabloid-red`;
  return (
    <>
      <div className="share-actions mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => setShareOpen(true)}
          className={`${ACTION_BUTTON} js-only bg-ink text-white hover:bg-tabloid-red noscript:hidden`}
        >
          Share on Social
        </button>
        {/* No class on <noscript> itself: with script on it must keep the browser's display: none. */}
        <noscript>
          <span className="flex flex-col gap-3 sm:flex-row">
            <a href={links.facebook} className={plainLink}>
              Share on Facebook
            </a>
            <a href={links.twitter} className={plainLink}>
              Share on X
            </a>
          </span>
        </noscript>
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
