// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UndescribedPicturesPanel } from './undescribed-pictures.tsx';

afterEach(cleanup);

const show = (count: number) =>
  render(
    <MemoryRouter>
      <UndescribedPicturesPanel count={count} />
    </MemoryRouter>,
  );

describe('UndescribedPicturesPanel', () => {
  it('says how many pictures used in articles have no description, and links to them', () => {
    show(3);
    const panel = screen.getByRole('region', { name: 'Pictures' });
    expect(panel.querySelector('h2')?.textContent).toBe('Pictures');
    expect(screen.getByText('3 pictures used in articles have no description.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Describe them' });
    expect(link.getAttribute('href')).toBe('/admin/pictures?described=no');
  });

  it('speaks of one picture in the singular', () => {
    show(1);
    expect(screen.getByText('1 picture used in an article has no description.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Describe it' }).getAttribute('href')).toBe('/admin/pictures?described=no');
  });

  it('writes a large number with separators', () => {
    show(1234);
    expect(screen.getByText('1,234 pictures used in articles have no description.')).toBeTruthy();
  });

  it('shows nothing when every picture in use is described', () => {
    const { container } = show(0);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: 'Pictures' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Describe them' })).toBeNull();
  });
});
