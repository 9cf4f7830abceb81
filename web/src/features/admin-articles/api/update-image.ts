import { useCallback, useEffect, useRef, useState } from 'react';
import { clampFocalPoint, type FocalPoint } from '@/components/admin/focal-point-picker';
import { updateImage } from '@/components/admin/update-image';
import { useAdminApi } from '@/lib/admin-api-client';

export type { FocalPoint };

/** How long the focal point rests before it is saved (arrow keys held down send one request). */
const SETTLE_MS = 400;

/**
 * The focal point of an uploaded picture, saved on the picture (PATCH) shortly after it stops moving:
 * `state` is 'saving', 'saved' or the server's message.
 */
export function useFocalPoint(imageId: string | undefined, initial: FocalPoint) {
  const client = useAdminApi();
  const [point, setPoint] = useState<FocalPoint>(initial);
  const [state, setState] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [lastId, setLastId] = useState(imageId);
  // Another picture: its own focal point (as the caller knows it).
  if (lastId !== imageId) {
    setLastId(imageId);
    setPoint(initial);
    setState(null);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const move = useCallback(
    (next: FocalPoint) => {
      const clamped = clampFocalPoint(next);
      setPoint(clamped);
      if (!imageId) return;
      clearTimeout(timer.current);
      setState('saving');
      timer.current = setTimeout(() => {
        updateImage(
          client,
          imageId,
          { focalX: clamped.x, focalY: clamped.y },
          { failed: 'Failed to save the focal point', error: 'Error saving the focal point' },
        )
          .then(() => setState('saved'))
          .catch((err: unknown) => setState(err instanceof Error ? err.message : 'The focal point was not saved'));
      }, SETTLE_MS);
    },
    [client, imageId],
  );
  return { point, move, state };
}
