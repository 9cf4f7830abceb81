import { useId, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { objectPosition } from '@common/images';

/** A point of a picture, each coordinate from 0 (left/top) to 1 (right/bottom). */
export interface FocalPoint {
  x: number;
  y: number;
}

/** One arrow key press moves the focal point this far (with Shift ten times as far). */
const STEP = 0.01;

/** The point moved inside the picture, rounded to whole percents. */
export function clampFocalPoint(next: FocalPoint): FocalPoint {
  return {
    x: Math.round(Math.min(1, Math.max(0, next.x)) * 100) / 100,
    y: Math.round(Math.min(1, Math.max(0, next.y)) * 100) / 100,
  };
}

/** The tallest the picture is drawn (admin.css, .admin-focal__image). */
const MAX_HEIGHT_PX = 320;

/**
 * The box the picture is drawn in, from its size: at most its own width and the width that makes it
 * MAX_HEIGHT_PX tall (the stylesheet's max-width keeps it inside the form), its height from its shape.
 */
function reservedBox({ width, height }: { width: number; height: number }): CSSProperties | undefined {
  if (!(width > 0 && height > 0)) return undefined;
  return {
    width: `${Math.min(width, (MAX_HEIGHT_PX * width) / height)}px`,
    height: 'auto',
    aspectRatio: `${width} / ${height}`,
  };
}

export interface FocalPointPickerProps {
  /** The picture's address. */
  src: string;
  /** Its size in pixels, when known: the picture's box is kept from the first paint, before it loads. */
  size?: { width: number; height: number };
  point: FocalPoint;
  disabled?: boolean;
  /** Said after the help: when the point is saved. */
  savedWhen: string;
  onMove(next: FocalPoint): void;
}

/**
 * The focal point of an uploaded picture, the part every crop keeps in frame: click the picture, or
 * focus it and use the arrow keys (Shift for bigger steps), or type the two percentages; the three
 * crops the site uses show the result. The caller keeps the point (and saves it).
 */
export function FocalPointPicker({ src, size, point, disabled = false, savedWhen, onMove }: FocalPointPickerProps) {
  const id = useId();
  const move = (next: FocalPoint) => onMove(clampFocalPoint(next));
  const onPick = (e: MouseEvent<HTMLButtonElement>) => {
    // Enter or Space "click" the button too (detail 0): only a pointer click sets the point.
    if (e.detail === 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    move({ x: (e.clientX - box.left) / box.width, y: (e.clientY - box.top) / box.height });
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? STEP * 10 : STEP;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    move({ x: point.x + d[0], y: point.y + d[1] });
  };
  const percent = (n: number) => Math.round(n * 100);
  return (
    <>
      <p id={`${id}-focal-help`} className="admin-form__hint">
        Focal point: click the part of the picture that must always show, or focus the picture and use the arrow keys
        (Shift for bigger steps). Every crop (cards, the home page, search engines, link previews) keeps it in frame.{' '}
        {savedWhen}
      </p>
      <button
        type="button"
        className="admin-focal__picker"
        aria-label={`Focal point of the picture: ${percent(point.x)}% from the left, ${percent(point.y)}% from the top`}
        aria-describedby={`${id}-focal-help`}
        disabled={disabled}
        onClick={onPick}
        onKeyDown={onKey}
      >
        <img
          className="admin-focal__image"
          src={src}
          alt=""
          width={size?.width}
          height={size?.height}
          style={size ? reservedBox(size) : undefined}
        />
        <span
          className="admin-focal__marker"
          aria-hidden="true"
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
        />
      </button>
      <div className="admin-form__row admin-focal__numbers">
        {(['x', 'y'] as const).map((axis) => (
          <div className="admin-form__field" key={axis}>
            <label className="admin-form__label" htmlFor={`${id}-focal-${axis}`}>
              {axis === 'x' ? 'Focal point from the left (%)' : 'Focal point from the top (%)'}
            </label>
            <input
              id={`${id}-focal-${axis}`}
              name={`focal${axis.toUpperCase()}`}
              className="admin-input admin-input--short"
              type="number"
              min={0}
              max={100}
              step={1}
              inputMode="numeric"
              value={percent(point[axis])}
              disabled={disabled}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (e.target.value !== '' && Number.isFinite(n)) move({ ...point, [axis]: n / 100 });
              }}
            />
          </div>
        ))}
      </div>
      <div className="admin-focal__crops" aria-hidden="true">
        {(['16 / 9', '4 / 3', '1 / 1'] as const).map((ratio) => (
          <img
            key={ratio}
            src={src}
            alt=""
            className="admin-focal__crop"
            style={{ aspectRatio: ratio, objectPosition: objectPosition(point.x, point.y) }}
          />
        ))}
      </div>
    </>
  );
}
