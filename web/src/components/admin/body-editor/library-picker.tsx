import { useId, useState } from 'react';
import { useImages, type LibraryImage } from './get-images.ts';
import { IMAGE_ACCEPT, useUploadImage } from './upload-image.ts';
import { uploadedImageId } from '@common/images';

const PAGE_SIZE_HINT = 'Newest first.';

export interface LibraryPickerProps {
  /** The chosen picture's id. */
  selected: string | null;
  onSelect(image: Pick<LibraryImage, 'id' | 'url' | 'alt' | 'caption' | 'credit'>): void;
}

/** Pictures of the library to choose from (searched by their texts), or a new one uploaded. */
export function LibraryPicker({ selected, onSelect }: LibraryPickerProps) {
  const id = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const images = useImages(q, page);
  const { upload, progress, error } = useUploadImage();
  const items = images.data?.items ?? [];
  const pages = images.data ? Math.max(1, Math.ceil(images.data.total / Math.max(items.length, 1))) : 1;
  return (
    <div className="admin-library">
      <label className="admin-form__label" htmlFor={`${id}-q`}>
        Search the picture library
      </label>
      <input
        id={`${id}-q`}
        className="admin-input"
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setPage(1);
        }}
      />
      <p className="admin-muted">{PAGE_SIZE_HINT}</p>
      {images.isError ? (
        <p className="admin-inline-error">Failed to load pictures</p>
      ) : !images.data ? (
        <p className="admin-muted">Loading pictures…</p>
      ) : items.length === 0 ? (
        <p className="admin-muted">No pictures found.</p>
      ) : (
        <ul className="admin-library__grid" aria-label="Pictures">
          {items.map((img) => (
            <li key={img.id}>
              <button
                type="button"
                className="admin-library__item"
                aria-pressed={selected === img.id}
                onClick={() => onSelect(img)}
              >
                <img src={img.url} alt="" width={120} height={80} loading="lazy" />
                <span>{img.alt || img.caption || 'No description'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.data && images.data.total > items.length ? (
        <div className="admin-actions">
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer pictures
          </button>
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Older pictures
          </button>
        </div>
      ) : null}
      <label className="admin-btn admin-btn--small admin-file-label">
        Upload a new picture…
        <input
          className="admin-sr-only"
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={progress !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void upload(file).then((result) => {
              const imageId = result?.id ?? uploadedImageId(result?.url);
              if (result && imageId) {
                onSelect({ id: String(imageId), url: result.url, alt: '', caption: '', credit: '' });
              }
            });
          }}
        />
      </label>
      {progress !== null ? (
        <p className="admin-muted" role="status">
          Uploading… {Math.round(progress * 100)}%
        </p>
      ) : null}
      {error ? (
        <p className="admin-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
