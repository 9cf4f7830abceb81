// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { RecordFilter } from './record-filter.tsx';

afterEach(cleanup);

describe('the list filtered by an author or a tag', () => {
  it('names the record and clears the filter from its button', async () => {
    const { client, sent } = fakeApi(() => json(200, { id: 9, name: 'Politics', slug: 'politics' }));
    const onClear = vi.fn();
    renderInAdmin(<RecordFilter kind="tags" id={9} onClear={onClear} />, client);
    await screen.findByText('Politics');
    expect(screen.getByText('Politics').closest('p')!.textContent).toContain('Tagged Politics');
    expect(sent.map((r) => r.url)).toEqual(['/api/admin/tags/9']);
    fireEvent.click(screen.getByRole('button', { name: 'Show all tags' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('names a record merged or deleted since by its id', async () => {
    const { client } = fakeApi(() => problem(404, 'Not Found', 'There is no author 4.'));
    renderInAdmin(<RecordFilter kind="authors" id={4} onClear={() => undefined} />, client);
    await screen.findByText('author 4 (no longer exists)');
    expect(screen.getByRole('button', { name: 'Show all authors' })).toBeTruthy();
  });
});
