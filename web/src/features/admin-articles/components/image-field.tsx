import { useEffect, useId, useState } from 'react';
import { Dropzone } from '@/components/admin/dropzone';
import { uploadedImageId } from '@common/images';
import { FocalPointPicker } from '@/components/admin/focal-point-picker';
import { IMAGE_ACCEPT, useUploadImage } from '@/components/admin/body-editor/upload-image';
import { useUploadLimit } from '@/components/admin/upload-limit';
import { useFocalPoint, type FocalPoint } from '../api/update-image.ts';
import { ALT_EXPLAINED, FIELD_LABELS, LIMITS } from '../lib/article-fields.ts';
import { CharacterCount, characterCountShown } from '@/components/admin/character-count';

export type ImageFieldName = 'imageUrl' | 'imageAlt' | 'imageCaption' | 'imageCredit';

export interface ImageFieldProps {
  value: string;
  alt: string;
  caption: string;
  credit: string;
  /** Messages per field (the form's and the server's). */
  errors?: Partial<Record<ImageFieldName, string>>;
  /**
   * The focal point the article's picture has (0..1), when the article is known, and its size when it is
   * an uploaded one (its box is then kept before it loads).
   */
  focal?: FocalPoint & { imageUrl: string | null; size?: PictureSize | null };
  disabled?: boolean;
  onChange(field: ImageFieldName, value: string): void;
  /** Told the focal point of the picture shown (its known one, then each move): the social card preview's. */
  onFocalPoint?(point: FocalPoint): void;
}

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

type PictureSize = { width: number; height: number };

/**
 * The article's picture: drop a file on the zone or pick one (uploaded with progress), or type an
 * address; its description (alt text, required to publish), caption and credit; for an uploaded
 * picture, the focal point every crop keeps in frame (click the picture, or arrow keys on it, or the
 * two number fields), saved on the picture at once (decision 033).
 */
export function ImageField({
  value,
  alt,
  caption,
  credit,
  errors = {},
  focal,
  disabled = false,
  onChange,
  onFocalPoint,
}: ImageFieldProps) {
  const id = useId();
  const { upload, progress, error: uploadError, uploading } = useUploadImage();
  const uploadLimit = useUploadLimit();
  const [uploadedFocus, setUploadedFocus] = useState<(FocalPoint & { url: string; size?: PictureSize }) | null>(null);
  const imageId = uploadedImageId(value);
  const known =
    uploadedFocus && uploadedFocus.url === value ? uploadedFocus : focal && focal.imageUrl === value ? focal : CENTRE;
  // Its size when known (just uploaded, or the article's own picture): the picker keeps its box before it loads.
  const size: PictureSize | undefined =
    uploadedFocus && uploadedFocus.url === value
      ? uploadedFocus.size
      : focal && focal.imageUrl === value
        ? (focal.size ?? undefined)
        : undefined;
  const { point, move, state } = useFocalPoint(imageId, { x: known.x, y: known.y });
  useEffect(() => {
    onFocalPoint?.({ x: point.x, y: point.y });
  }, [onFocalPoint, point.x, point.y]);

  const send = async (file: File | undefined) => {
    if (!file || disabled) return;
    const result = await upload(file);
    if (!result) return;
    setUploadedFocus({
      url: result.url,
      x: result.focalX ?? 0.5,
      y: result.focalY ?? 0.5,
      ...(result.width && result.height ? { size: { width: result.width, height: result.height } } : {}),
    });
    onChange('imageUrl', result.url);
  };
  const message = uploadError ?? errors.imageUrl;

  const textField = (name: 'imageAlt' | 'imageCaption' | 'imageCredit', current: string, hint?: string) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    const max = LIMITS[name];
    const counted = characterCountShown(current, max);
    const describedBy = [
      hint ? `${fieldId}-hint` : '',
      counted ? `${fieldId}-count` : '',
      error ? `${fieldId}-error` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const required = name === 'imageAlt';
    return (
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={fieldId}>
          {FIELD_LABELS[name]}
          {required ? (
            <span className="admin-required">
              {' '}
              <span aria-hidden="true">*</span> (required to publish)
            </span>
          ) : null}
        </label>
        {hint ? (
          <p id={`${fieldId}-hint`} className="admin-form__hint">
            {hint}
          </p>
        ) : null}
        {required ? (
          <textarea
            id={fieldId}
            name={name}
            className="admin-input admin-textarea"
            rows={2}
            value={current}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(e) => onChange(name, e.target.value)}
          />
        ) : (
          <input
            id={fieldId}
            name={name}
            className="admin-input"
            type="text"
            value={current}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
            onChange={(e) => onChange(name, e.target.value)}
          />
        )}
        {/* No maxlength (it counts UTF-16 units): the count and the form's rules say the limit in characters. */}
        <CharacterCount id={`${fieldId}-count`} value={current} max={max} />
        {error ? (
          <p id={`${fieldId}-error`} className="admin-field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset className="admin-form__field admin-image-field" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Image</legend>
      {value && imageId ? (
        <div className="admin-focal">
          <FocalPointPicker
            src={value}
            size={size}
            point={point}
            disabled={disabled}
            savedWhen="It is saved on the picture at once, for every article that shows it."
            onMove={move}
          />
          <p className="admin-muted" role="status">
            {state === 'saving' ? 'Saving the focal point…' : state === 'saved' ? 'Focal point saved.' : (state ?? '')}
          </p>
        </div>
      ) : value ? (
        <img className="admin-image-field__preview" src={value} alt="Preview of the article image" />
      ) : (
        <p className="admin-muted">No image.</p>
      )}
      <Dropzone onFiles={(files) => void send(files[0])}>
        <p>Drop a JPEG, PNG, WebP or AVIF picture here{uploadLimit ? ` (up to ${uploadLimit})` : ''}, or</p>
        <label className="admin-btn admin-btn--small admin-file-label">
          Choose a picture…
          <input
            className="admin-sr-only"
            type="file"
            accept={IMAGE_ACCEPT}
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
      </Dropzone>
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
          aria-invalid={Boolean(errors.imageUrl)}
          onChange={(e) => onChange('imageUrl', e.target.value)}
        />
        {value ? (
          <button
            type="button"
            className="admin-btn admin-btn--small"
            disabled={disabled}
            onClick={() => onChange('imageUrl', '')}
          >
            Remove image
          </button>
        ) : null}
      </div>
      {message ? (
        <p id={`${id}-error`} className="admin-field-error" role="alert">
          {message}
        </p>
      ) : null}
      {value ? (
        <>
          {textField('imageAlt', alt, ALT_EXPLAINED)}
          <div className="admin-form__row">
            {textField('imageCaption', caption)}
            {textField('imageCredit', credit, 'Who took or owns the picture, e.g. "Photo: Ann Other / Agency".')}
          </div>
        </>
      ) : null}
    </fieldset>
  );
}
