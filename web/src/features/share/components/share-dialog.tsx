import { useEffect, useId, useRef, useState } from 'react';
import { canUseShareSheet, openShareSheet, shareSheetData } from '../lib/native-share';
import { openSharePopup } from '../lib/popup';
import { buildShareLinks, type ShareInput } from '../lib/share-links';
import { CopyLinkField } from './copy-link-field';
import { MailtoButton } from './mailto-button';
import { FacebookIcon, MailIcon, ShareIcon, XIcon } from './share-icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

const SHARE_BUTTON =
  'flex min-h-12 w-full items-center justify-center gap-2 px-4 py-3 font-sans font-bold uppercase tracking-wider text-white no-underline';

/** 'More ways to share': the share buttons' shape, drawn like the article's 'Email This Scandal'. */
const SHEET_BUTTON =
  'mt-5 flex min-h-12 w-full items-center justify-center gap-2 border-4 border-ink bg-paper px-4 py-3 font-sans font-bold uppercase tracking-wider text-ink hover:bg-tabloid-yellow';

/**
 * 'Share This Scandal': a native modal <dialog> (role dialog, labelled by its title).
 * Escape closes it, Tab stays inside, and focus returns to the element that opened it. Where the
 * browser has a share sheet (the Web Share API: phones, mostly), 'More ways to share' opens it last.
 */
export function ShareDialog({ open, onClose, share }: { open: boolean; onClose: () => void; share: ShareInput }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const links = buildShareLinks(share);
  const sheetData = shareSheetData(share);
  // The platform's share sheet is offered only where the browser has one. Decided after mount (the
  // dialog mounts with the page, long before it opens), so the server's HTML and hydration agree.
  const [sheetAvailable, setSheetAvailable] = useState(false);
  const { title: sheetTitle, text: sheetText, url: sheetUrl } = sheetData;
  useEffect(() => {
    setSheetAvailable(canUseShareSheet(navigator, { title: sheetTitle, text: sheetText, url: sheetUrl }));
  }, [sheetTitle, sheetText, sheetUrl]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Restore focus to the opener whenever the dialog closes (button, Escape or backdrop).
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onDialogClose = () => {
      opener.current?.focus();
      opener.current = null;
      onClose();
    };
    dialog.addEventListener('close', onDialogClose);
    return () => dialog.removeEventListener('close', onDialogClose);
  }, [onClose]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // a click on the backdrop (outside the panel) closes the dialog
        if (event.target === ref.current) ref.current.close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md border-4 border-ink bg-paper p-0 text-ink"
    >
      {open && (
        <div className="p-5 md:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="font-display text-3xl uppercase leading-none">
              Share This Scandal
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={() => ref.current?.close()}
              className="-mr-2 -mt-2 flex h-11 w-11 shrink-0 items-center justify-center font-sans text-2xl font-bold leading-none hover:bg-grey-light"
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p className="mt-2 line-clamp-2 font-serif text-grey-dark">{share.title}</p>
          <div className="mt-5 grid grid-cols-2 gap-3">
            <button
              type="button"
              className={`${SHARE_BUTTON} bg-[#1565c0] hover:bg-[#0d47a1]`}
              onClick={() => openSharePopup(links.facebook, 'share-facebook')}
            >
              <FacebookIcon />
              Facebook
            </button>
            <button
              type="button"
              className={`${SHARE_BUTTON} bg-ink hover:bg-[#333]`}
              onClick={() => openSharePopup(links.twitter, 'share-x')}
            >
              <XIcon />X
            </button>
          </div>
          <MailtoButton href={links.email} className={`${SHARE_BUTTON} mt-3 bg-tabloid-red hover:bg-tabloid-red-dark`}>
            <MailIcon />
            Email This Story
          </MailtoButton>
          <div className="mt-5">
            <CopyLinkField url={share.url} />
          </div>
          {sheetAvailable && (
            <button
              type="button"
              className={SHEET_BUTTON}
              onClick={() =>
                void openShareSheet(navigator, sheetData, (message, error) => console.error(message, error))
              }
            >
              <ShareIcon />
              More ways to share
            </button>
          )}
        </div>
      )}
    </dialog>
  );
}
