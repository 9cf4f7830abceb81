import { useId, useState } from 'react';
import { useUploadImage } from '../api/upload-image.ts';

export interface ImageFieldProps {
  value: string;
  error?: string;
  disabled?: boolean;
  onChange(url: string): void;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * The article's picture: drop a file on the zone or pick one (uploaded with progress), or type an
 * address. The server checks the file by its content; its message is shown here when it refuses one.
 */
export function ImageField({ value, error, disabled = false, onChange }: ImageFieldProps) {
  const id = useId();
  const { upload, progress, error: uploadError, uploading } = useUploadImage();
  const [over, setOver] = useState(false);
  const send = async (file: File | undefined) => {
    if (!file || disabled) return;
    const result = await upload(file);
    if (result) onChange(result.url);
  };
  const message = uploadError ?? error;
  return (
    <fieldset className="admin-form__field admin-image-field" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Image</legend>
      {value ? (
        <img className="admin-image-field__preview" src={value} alt="Preview of the article image" />
      ) : (
        <p className="admin-muted">No image.</p>
      )}
      <div
        className={`admin-dropzone${over ? ' admin-dropzone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void send(e.dataTransfer.files[0]);
        }}
      >
        <p>Drop a JPEG, PNG, WebP or AVIF picture here (up to 15 MB), or</p>
        <label className="admin-btn admin-btn--small admin-file-label">
          Choose a picture…
          <input
            className="admin-sr-only"
            type="file"
            accept={ACCEPT}
            disabled={disabled || uploading}
            onChange={(e) => {
              void send(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {progress !== null ? (
          <div className="admin-progress">
            <label htmlFor={`${id}-progress`}>Uploading… {Math.round(progress * 100)}%</label>
            <progress id={`${id}-progress`} max={100} value={Math.round(progress * 100)} />
          </div>
        ) : null}
      </div>
      <label className="admin-form__label" htmlFor={`${id}-url`}>
        Image address
      </label>
      <div className="admin-actions">
        <input
          id={`${id}-url`}
          name="imageUrl"
          className="admin-input"
          type="text"
          inputMode="url"
          value={value}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value)}
        />
        {value ? (
          <button type="button" className="admin-btn admin-btn--small" disabled={disabled} onClick={() => onChange('')}>
            Remove image
          </button>
        ) : null}
      </div>
      {message ? (
        <p id={`${id}-error`} className="admin-field-error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
