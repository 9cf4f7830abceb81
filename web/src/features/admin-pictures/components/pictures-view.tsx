import { useEffect, useId, useRef, useState } from 'react';
import type { ImageLibraryItem } from '@common/admin-contract';
import { Link, useSearchParams } from 'react-router';
import { PageNumbers } from '@/components/admin/page-numbers';
import { uploadLimitText } from '@/components/admin/upload-limit';
import { paths } from '@/config/paths';
import { usePictures, type PicturesPage } from '../api/pictures.ts';
import { PictureDialog } from './picture-dialog.tsx';
import { PictureCard } from './picture-card.tsx';
import { PictureUpload } from './picture-upload.tsx';

/** The longest search the API takes. */
const MAX_SEARCH_LENGTH = 200;

/** Said on the screen: what happens to pictures nothing uses (the server's image sweep, decision 014). */
export const SWEEP_NOTE =
  'There is no Delete: a picture that no article (the Trash included), earlier version of an article or author photo uses is removed automatically, at least 7 days after its upload.';

type Editing = { picture: ImageLibraryItem; open: boolean; key: number };

/**
 * /admin/pictures: the picture library, newest first, 24 to a page: each picture with its
 * description (or 'No description'), caption, credit and upload date, searchable in those texts and
 * filtered to the pictures without a description. A picture's Edit button opens its edit dialog.
 * 'Upload a picture…' adds pictures: the search is cleared so they come first, and the first one
 * uploaded while no dialog is open gets its edit dialog at once, to be described.
 * Search, filter and page live in the URL (?q=&described=no&page=, as the API takes them); `?id=`
 * shows that one picture (the audit trail's link), until a search, filter or page leaves it.
 */
export function PicturesView() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const undescribed = params.get('described') === 'no';
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const id = params.get('id') ?? '';
  const hrefWith = (change: { q?: string; undescribed?: boolean; page?: number }) => {
    const next = new URLSearchParams();
    const nq = change.q ?? q;
    if (nq) next.set('q', nq);
    if (change.undescribed ?? undescribed) next.set('described', 'no');
    const np = change.page ?? 1;
    if (np > 1) next.set('page', String(np));
    return next;
  };
  // The box shows a click at once; the address (and the list) follow as the router gets to it.
  const [checked, setChecked] = useState(undescribed);
  const [urlChecked, setUrlChecked] = useState(undescribed);
  if (urlChecked !== undescribed) {
    setUrlChecked(undescribed);
    setChecked(undescribed);
  }
  const list = usePictures({ q, page, undescribed, id: id || undefined });
  const [editing, setEditing] = useState<Editing | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const uid = useId();
  const close = () => setEditing((e) => e && { ...e, open: false });
  // After a save the list loads again; a picture that left it (described, with the filter on) takes
  // its Edit button along, and the focus the closed dialog gave back to it goes to the heading.
  const savedFrom = useRef<PicturesPage | undefined | null>(null);
  const saved = () => {
    savedFrom.current = list.data;
    close();
  };
  const open = editing?.open ?? false;
  const openNow = useRef(open);
  openNow.current = open;
  const uploaded = (picture: ImageLibraryItem) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('q');
        next.delete('page');
        next.delete('id');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (openNow.current) return;
    openNow.current = true;
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    setEditing((e) => ({ picture, open: true, key: (e?.key ?? 0) + 1 }));
  };
  useEffect(() => {
    if (savedFrom.current === null || open) return;
    if (!opener.current?.isConnected) {
      heading.current?.focus();
      savedFrom.current = null;
    } else if (list.data !== savedFrom.current) savedFrom.current = null;
  }, [list.data, open]);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="admin-section" aria-labelledby={`${uid}-title`}>
      <h1 id={`${uid}-title`} ref={heading} tabIndex={-1}>
        Pictures
      </h1>
      <p className="admin-muted">
        Every uploaded picture, newest first. Give each one a description (alt text): screen readers read it to people
        who cannot see the picture. Upload new ones here or from the article form; a picture uploaded here opens at once
        for its description.
      </p>
      <p className="admin-muted">{SWEEP_NOTE}</p>
      <PictureUpload limit={uploadLimitText(data?.maxUploadBytes)} onUploaded={uploaded} />
      <div className="admin-pictures__filters">
        <div className="admin-form__field">
          <label className="admin-form__label" htmlFor={`${uid}-q`}>
            Find a picture by its description, caption or credit
          </label>
          <input
            id={`${uid}-q`}
            className="admin-input"
            type="search"
            value={q}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(e) => setParams(hrefWith({ q: e.target.value }), { replace: true, preventScrollReset: true })}
          />
        </div>
        <div className="admin-form__check">
          <input
            id={`${uid}-undescribed`}
            type="checkbox"
            checked={checked}
            onChange={(e) => {
              setChecked(e.target.checked);
              setParams(hrefWith({ undescribed: e.target.checked }), { preventScrollReset: true });
            }}
          />
          <label htmlFor={`${uid}-undescribed`}>Without a description</label>
        </div>
      </div>
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <p role="alert">Failed to load the pictures.</p>
      ) : (
        <>
          <p role="status" className="admin-pictures__count">
            {id && !q && !undescribed
              ? data!.total === 0
                ? 'This picture is no longer in the library.'
                : 'The picture the link names.'
              : data!.total === 0
                ? undescribed && !q
                  ? 'Every picture has a description.'
                  : 'No pictures found.'
                : `${data!.total} ${data!.total === 1 ? 'picture' : 'pictures'}${undescribed ? ' without a description' : ''}`}
          </p>
          {id ? (
            <p>
              <Link className="admin-link" to={paths.admin.pictures.getHref()}>
                Show all pictures
              </Link>
            </p>
          ) : null}
          {data!.items.length > 0 ? (
            <ul className="admin-pictures__grid">
              {data!.items.map((picture) => (
                <PictureCard
                  key={picture.id}
                  picture={picture}
                  onEdit={(button) => {
                    opener.current = button;
                    setEditing((e) => ({ picture, open: true, key: (e?.key ?? 0) + 1 }));
                  }}
                />
              ))}
            </ul>
          ) : null}
          {pages > 1 || page > 1 ? (
            <div className="admin-pagination">
              <span className="admin-pagination__all">
                {page > pages ? `No page ${page}: there are ${pages}` : `Page ${page} of ${pages}`}
              </span>
              <PageNumbers
                currentPage={page}
                totalPages={pages}
                label="Pages of pictures"
                onPage={(p) => setParams(hrefWith({ page: p }))}
              />
            </div>
          ) : null}
        </>
      )}
      {editing ? (
        <PictureDialog
          key={editing.key}
          picture={editing.picture}
          open={editing.open}
          onClose={close}
          onSaved={saved}
        />
      ) : null}
    </section>
  );
}
