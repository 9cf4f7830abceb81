// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useOneAtATime } from './use-one-at-a-time';

describe('useOneAtATime', () => {
  it('drops a second call while the first runs, and takes the next one after it settles', async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const sent: number[] = [];
    let finish: () => void = () => undefined;
    const { result } = renderHook(
      () =>
        useOneAtATime(
          useMutation<void, Error, number>({
            mutationFn: (n) => {
              sent.push(n);
              return new Promise<void>((resolve) => (finish = resolve));
            },
          }),
        ),
      { wrapper },
    );
    act(() => {
      result.current.mutate(1);
      result.current.mutate(2);
    });
    await waitFor(() => expect(sent).toEqual([1]));
    act(() => finish());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate(3));
    await waitFor(() => expect(sent).toEqual([1, 3]));
  });
});
