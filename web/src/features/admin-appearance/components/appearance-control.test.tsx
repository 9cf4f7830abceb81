// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNewsroomTheme } from '../use-appearance.ts';
import { AppearanceControl } from './appearance-control.tsx';

/** A system colour scheme the test switches, as the operating system's setting would. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

function Newsroom() {
  const theme = useNewsroomTheme();
  return (
    <div data-testid="newsroom" data-theme={theme}>
      <AppearanceControl />
    </div>
  );
}

const theme = () => document.documentElement.getAttribute('data-admin-theme');
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-admin-theme');
});

describe('AppearanceControl', () => {
  it('offers System, Light and Dark as one group, System chosen by default', () => {
    fakeSystem(false);
    render(<Newsroom />);
    const group = screen.getByRole('group', { name: 'Appearance' });
    // Its name is shown too, as a caption before the buttons (a screen reader hears the group's name once).
    const caption = within(group).getByText('Appearance', { selector: '.admin-appearance__caption' });
    expect(caption.closest('.admin-sr-only')).toBeNull();
    expect(caption.getAttribute('aria-hidden')).toBe('true');
    expect(caption.compareDocumentPosition(radio('System')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(group.querySelectorAll('input[type="radio"]')).toHaveLength(3);
    expect(radio('System').checked).toBe(true);
    expect(radio('Light').checked).toBe(false);
    expect(radio('Dark').checked).toBe(false);
  });

  it('keeps the choice in localStorage and applies it to <html>; System removes it', () => {
    fakeSystem(false);
    render(<Newsroom />);
    expect(theme()).toBe('light');
    fireEvent.click(radio('Dark'));
    expect(radio('Dark').checked).toBe(true);
    expect(localStorage.getItem('tabloid.admin.appearance')).toBe('dark');
    expect(theme()).toBe('dark');
    fireEvent.click(radio('Light'));
    expect(localStorage.getItem('tabloid.admin.appearance')).toBe('light');
    expect(theme()).toBe('light');
    fireEvent.click(radio('System'));
    expect(localStorage.getItem('tabloid.admin.appearance')).toBeNull();
    expect(theme()).toBe('light');
  });

  it('starts from the stored choice', () => {
    fakeSystem(false);
    localStorage.setItem('tabloid.admin.appearance', 'dark');
    render(<Newsroom />);
    expect(radio('Dark').checked).toBe(true);
    expect(theme()).toBe('dark');
  });

  it('with System, follows the operating system as it changes; an explicit choice does not', () => {
    const system = fakeSystem(false);
    render(<Newsroom />);
    expect(theme()).toBe('light');
    system.set(true);
    expect(theme()).toBe('dark');
    expect(screen.getByTestId('newsroom').dataset.theme).toBe('dark');
    system.set(false);
    expect(theme()).toBe('light');
    fireEvent.click(radio('Dark'));
    system.set(true);
    system.set(false);
    expect(theme()).toBe('dark');
  });

  it('follows a choice made in another tab of this browser', () => {
    fakeSystem(false);
    render(<Newsroom />);
    act(() => {
      localStorage.setItem('tabloid.admin.appearance', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'tabloid.admin.appearance', newValue: 'dark' }));
    });
    expect(radio('Dark').checked).toBe(true);
    expect(theme()).toBe('dark');
  });

  it('leaving the newsroom removes the theme (the public site has none)', () => {
    fakeSystem(true);
    const { unmount } = render(<Newsroom />);
    expect(theme()).toBe('dark');
    unmount();
    expect(theme()).toBeNull();
  });
});
