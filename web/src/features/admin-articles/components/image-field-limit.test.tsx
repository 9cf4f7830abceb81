// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { ImageField } from './image-field.tsx';

afterEach(cleanup);

const field = () => <ImageField value="" alt="" caption="" credit="" onChange={() => {}} />;

/** The admin API answering the library's first page with this upload limit. */
const withLimit = (maxUploadBytes: number) =>
  fakeApi((req) =>
    req.url === '/api/admin/images?page=1'
      ? json(200, { items: [], total: 0, page: 1, pageSize: 24, maxUploadBytes })
      : problem(404, 'Not Found'),
  );

describe("the article form's picture drop zone", () => {
  it("says the server's upload limit, as people write it", async () => {
    renderInAdmin(field(), withLimit(2.5 * 1024 * 1024).client);
    await screen.findByText('Drop a JPEG, PNG, WebP or AVIF picture here (up to 2.5 MB), or');
    cleanup();
    renderInAdmin(field(), withLimit(15 * 1024 * 1024).client);
    await screen.findByText('Drop a JPEG, PNG, WebP or AVIF picture here (up to 15 MB), or');
  });

  it('names no limit while it is not known', async () => {
    const { client, sent } = fakeApi(() => problem(503, 'Service Unavailable'));
    renderInAdmin(field(), client);
    expect(screen.getByText('Drop a JPEG, PNG, WebP or AVIF picture here, or')).toBeTruthy();
    await waitFor(() => expect(sent.map((r) => r.url)).toEqual(['/api/admin/images?page=1']));
    expect(screen.getByText('Drop a JPEG, PNG, WebP or AVIF picture here, or')).toBeTruthy();
  });
});
