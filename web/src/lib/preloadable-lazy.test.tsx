// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

function deferredScreen() {
  let mounts = 0;
  function Loaded() {
    const [n] = useState(() => ++mounts);
    return <h1>Loaded screen, mount {n}</h1>;
  }
  let resolve: () => void = () => undefined;
  let loads = 0;
  const chunk = new Promise<{ default: typeof Loaded }>((r) => {
    resolve = () => r({ default: Loaded });
  });
  const Screen = preloadableLazy(() => {
    loads += 1;
    return chunk;
  });
  return { Screen, resolve, loads: () => loads, mounts: () => mounts };
}

describe('preloadableLazy', () => {
  afterEach(cleanup);

  it('renders a preloaded screen at once, without the fallback', async () => {
    const { Screen, resolve, loads } = deferredScreen();
    const preloaded = Screen.preload();
    resolve();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously, in the first commit.
    expect(screen.getByRole('heading').textContent).toBe('Loaded screen, mount 1');
    expect(screen.queryByText('Loading…')).toBeNull();
    await Screen.preload();
    expect(loads()).toBe(1);
  });

  it('without a preload, suspends like React.lazy, then shows the screen and keeps it mounted', async () => {
    const { Screen, resolve, mounts } = deferredScreen();
    const { rerender } = render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => resolve());
    await screen.findByRole('heading', { name: 'Loaded screen, mount 1' });
    // A later render of the same element does not swap the lazy wrapper for the loaded component.
    rerender(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Loaded screen, mount 1');
    expect(mounts()).toBe(1);
  });

  it('after a failed preload, loads the screen again when it renders', async () => {
    let loads = 0;
    const Screen = preloadableLazy(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return { default: () => <h1>Loaded after a retry</h1> };
    });
    await expect(Screen.preload()).rejects.toThrow('chunk failed');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    await screen.findByRole('heading', { name: 'Loaded after a retry' });
    expect(loads).toBe(2);
  });
});
