import { useId, useRef, useState } from 'react';
import { Dropzone } from '@/components/admin/dropzone';
import type { ImageLibraryItem } from '@common/admin-contract';
import { IMAGE_ACCEPT, uploadFailureMessage, uploadImage } from '@/components/admin/body-editor/upload-image';
import { useAdminApi } from '@/lib/admin-api-client';
import { useReloadPictures } from '../api/pictures.ts';

type UploadState =
  | { state: 'waiting' }
  | { state: 'uploading'; progress: number }
  | { state: 'done' }
  | { state: 'failed'; message: string };
type Upload = { key: number; name: string } & UploadState;

export interface PictureUploadProps {
  /** The largest file the server takes, as the hint writes it ('15 MB'); undefined: not known yet. */
  limit?: string;
  /** Each uploaded picture, once the library lists are loading again. */
  onUploaded(picture: ImageLibraryItem): void;
}

/**
 * 'Upload a picture…': one or several files, chosen or dropped on the zone, sent one at a time
 * (POST /api/admin/images), each with its line: 'Waiting', 'Uploading… N%', 'Uploaded.' or the
 * server's reason for refusing it. The hint says the server's size limit once it is known.
 */
export function PictureUpload({ limit, onUploaded }: PictureUploadProps) {
  const id = useId();
  const client = useAdminApi();
  const reload = useReloadPictures();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const queue = useRef(Promise.resolve());

  const send = (files: FileList | null | undefined) => {
    const list = [...(files ?? [])].map((file) => ({ file, key: nextKey.current++ }));
    if (list.length === 0) return;
    const set = (key: number, change: UploadState) =>
      setUploads((all) => all.map((u) => (u.key === key ? { key, name: u.name, ...change } : u)));
    setUploads((all) => [
      ...all.filter((u) => u.state !== 'done' && u.state !== 'failed'),
      ...list.map(({ file, key }) => ({ key, name: file.name, state: 'waiting' as const })),
    ]);
    for (const { file, key } of list) {
      queue.current = queue.current.then(async () => {
        set(key, { state: 'uploading', progress: 0 });
        try {
          const r = await uploadImage(client, file, (progress) => set(key, { state: 'uploading', progress }));
          set(key, { state: 'done' });
          void reload();
          onUploaded({
            id: r.id ?? '',
            url: r.url,
            srcset: r.srcset ?? '',
            width: r.width ?? 0,
            height: r.height ?? 0,
            alt: r.alt ?? '',
            caption: r.caption ?? '',
            credit: r.credit ?? '',
            focalX: r.focalX ?? 0.5,
            focalY: r.focalY ?? 0.5,
            createdAt: new Date().toISOString(),
            uploadedBy: null,
          });
        } catch (err) {
          set(key, { state: 'failed', message: uploadFailureMessage(err) });
        }
      });
    }
  };

  return (
    <Dropzone className="admin-pictures__upload" onFiles={send}>
      <label className="admin-btn admin-file-label">
        Upload a picture…
        <input
          className="admin-sr-only"
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            send(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      <p id={`${id}-hint`} className="admin-form__hint">
        JPEG, PNG, WebP or AVIF{limit ? `, up to ${limit} each` : ''}; several at once, or drop them here.
      </p>
      <div aria-live="polite">
        {uploads.length > 0 ? (
          <ul className="admin-pictures__uploads">
            {uploads.map((u) => (
              <li key={u.key}>
                <span className="admin-pictures__upload-name">{u.name}</span>{' '}
                {u.state === 'waiting' ? (
                  'Waiting.'
                ) : u.state === 'uploading' ? (
                  <>
                    Uploading… {Math.round(u.progress * 100)}%{' '}
                    <progress max={100} value={Math.round(u.progress * 100)} aria-label={`Uploading ${u.name}`} />
                  </>
                ) : u.state === 'done' ? (
                  'Uploaded.'
                ) : (
                  <span className="admin-field-error">Not uploaded: {u.message}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Dropzone>
  );
}
