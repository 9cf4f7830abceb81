import { useCallback, useRef } from 'react';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * A mutation whose `mutate` is ignored while a call of it is still running: a double click, or
 * Enter pressed twice, sends one request, not two.
 */
export function useOneAtATime<R, V>(mutation: UseMutationResult<R, Error, V>): UseMutationResult<R, Error, V> {
  const running = useRef(false);
  const { mutate: send } = mutation;
  const mutate = useCallback(
    (vars: V, opts?: MutateOptions<R, Error, V>) => {
      if (running.current) return;
      running.current = true;
      send(vars, {
        ...opts,
        onSettled: (...args) => {
          running.current = false;
          opts?.onSettled?.(...args);
        },
      });
    },
    [send],
  );
  return { ...mutation, mutate } as UseMutationResult<R, Error, V>;
}
