// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusWhenPresent } from './focus-when-present.ts';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** Lets the page's mutation observers run (they run as microtasks, whatever the clock). */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function button(id: string, disabled = false) {
  const b = document.createElement('button');
  b.id = id;
  b.textContent = id;
  b.disabled = disabled;
  return b;
}

describe('focusWhenPresent', () => {
  it('focuses an element that is already there at once', () => {
    document.body.append(button('now'));
    focusWhenPresent('now');
    expect(document.activeElement?.id).toBe('now');
  });

  it('focuses the element when it arrives, however late', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    focusWhenPresent('late');
    vi.advanceTimersByTime(9_000);
    await settle();
    document.body.append(document.createElement('p'));
    await settle();
    expect(document.activeElement).toBe(document.body);
    document.body.append(button('late'));
    await settle();
    expect(document.activeElement?.id).toBe('late');
  });

  it('waits while the element cannot take the focus, and focuses it when it can', async () => {
    const b = button('held', true);
    document.body.append(b);
    focusWhenPresent('held');
    await settle();
    expect(document.activeElement).not.toBe(b);
    b.disabled = false;
    await settle();
    expect(document.activeElement).toBe(b);
  });

  it('steps aside when the editor clicks elsewhere first', async () => {
    const other = button('other');
    document.body.append(other);
    focusWhenPresent('later');
    other.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    other.focus();
    document.body.append(button('later'));
    await settle();
    expect(document.activeElement).toBe(other);
  });

  it('gives up after ten seconds without its element', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    focusWhenPresent('never');
    vi.advanceTimersByTime(10_000);
    document.body.append(button('never'));
    await settle();
    expect(document.activeElement).toBe(document.body);
  });

  it('steps aside for a newer call', async () => {
    focusWhenPresent('first');
    focusWhenPresent('second');
    document.body.append(button('first'));
    await settle();
    expect(document.activeElement?.id).not.toBe('first');
    document.body.append(button('second'));
    await settle();
    expect(document.activeElement?.id).toBe('second');
  });
});
