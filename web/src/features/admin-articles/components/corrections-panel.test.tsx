// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Correction } from '@common/corrections-contract';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { CorrectionsPanel } from './corrections-panel.tsx';

const toasts = recordToasts();
afterEach(cleanup);

const PUBLISHED = '2026-03-01T10:00:00.000Z';
const correction = (id: number, text: string): Correction => ({
  id,
  text,
  createdAt: `2026-03-0${id + 1}T10:00:00.000Z`,
  createdBy: 'Corinne Correct',
  updatedAt: null,
  updatedBy: null,
});

/** Article 7's corrections on a fake server: POST adds (newest first), PUT fixes, DELETE removes. */
function correctionsApi(initial: Correction[] = []) {
  let list = [...initial];
  let next = 10;
  return fakeApi((req) => {
    const m = /\/api\/admin\/articles\/7\/corrections(?:\/(\d+))?$/.exec(req.url);
    if (!m) return json(200, {});
    const body = req.body as { text?: string } | undefined;
    if (req.method === 'GET') return json(200, { corrections: list });
    if (req.method === 'POST') {
      const made = { ...correction(1, body!.text!), id: next++, createdAt: '2026-03-09T10:00:00.000Z' };
      list = [made, ...list];
      return json(201, made);
    }
    const target = list.find((c) => c.id === Number(m[1]));
    if (!target) return problem(404, 'Not Found');
    if (req.method === 'DELETE') {
      list = list.filter((c) => c !== target);
      return json(204, null);
    }
    if (body!.text === 'The server says no to this one.') {
      return problem(400, 'Bad Request', 'body/text', {
        errors: [{ in: 'body', name: 'text', message: 'must be at least 10 characters (it has 3)' }],
      });
    }
    Object.assign(target, { text: body!.text, updatedAt: '2026-03-10T10:00:00.000Z', updatedBy: 'Corinne Correct' });
    return json(200, target);
  });
}

const panel = () => within(screen.getByRole('region', { name: 'Corrections' }));

describe('CorrectionsPanel', () => {
  it('adds a correction on a published article: the text is checked, trimmed and sent, and the list shows it first', async () => {
    const api = correctionsApi([correction(1, 'An older correction of this story.')]);
    renderInAdmin(<CorrectionsPanel article={adminArticle({ id: 7, publishedAt: PUBLISHED })} />, api.client);
    fireEvent.click(await panel().findByRole('button', { name: 'Add a correction' }));
    const field = panel().getByRole('textbox', { name: /Correction/ }) as HTMLTextAreaElement;
    await waitFor(() => expect(document.activeElement).toBe(field));

    // Too short after trimming: refused here, nothing sent, the field says why.
    fireEvent.change(field, { target: { value: '   Typo.   ' } });
    fireEvent.click(panel().getByRole('button', { name: 'Add correction' }));
    expect(panel().getByRole('alert').textContent).toBe('The correction must be at least 10 characters (it has 5).');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: '  An earlier version misstated\n the height.  ' } });
    expect(panel().getByText('40 / 1,000')).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Add correction' }));
    await waitFor(() => expect(toasts.map((t) => t.title)).toContain('Correction added'));
    expect(api.sent.find((r) => r.method === 'POST')?.body).toEqual({
      text: 'An earlier version misstated the height.',
    });
    const items = await waitFor(() => {
      const li = panel().getAllByRole('listitem');
      expect(li).toHaveLength(2);
      return li;
    });
    expect(items[0]!.textContent).toContain('An earlier version misstated the height.');
    expect(items[0]!.textContent).toContain('Added by Corinne Correct');
    expect(items[1]!.textContent).toContain('An older correction of this story.');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Corrections'));
  });

  it('counts an emoji with a skin tone or a flag as one character, as the server does', async () => {
    const thumb = '\u{1F44D}\u{1F3FD}'; // 4 UTF-16 units, one character
    const api = correctionsApi();
    renderInAdmin(<CorrectionsPanel article={adminArticle({ id: 7, publishedAt: PUBLISHED })} />, api.client);
    fireEvent.click(await panel().findByRole('button', { name: 'Add a correction' }));
    const field = panel().getByRole('textbox', { name: /Correction/ }) as HTMLTextAreaElement;

    fireEvent.change(field, { target: { value: '\u{1F1EC}\u{1F1E7}'.repeat(9) } });
    expect(panel().getByText('9 / 1,000')).toBeTruthy();
    fireEvent.change(field, { target: { value: thumb.repeat(1001) } });
    expect(panel().getByText('1,001 / 1,000')).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Add correction' }));
    expect(panel().getByRole('alert').textContent).toBe(
      'The correction must be at most 1,000 characters (it has 1,001).',
    );
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: thumb.repeat(1000) } });
    expect(panel().getByText('1,000 / 1,000')).toBeTruthy();
    fireEvent.click(panel().getByRole('button', { name: 'Add correction' }));
    await waitFor(() => expect(api.sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(api.sent.find((r) => r.method === 'POST')?.body).toEqual({ text: thumb.repeat(1000) });
  });

  it('fixes the wording of one, showing a refusal by the field, and removes one only after the confirm step', async () => {
    const api = correctionsApi([
      correction(2, 'The second correction here.'),
      correction(1, 'The first correction here.'),
    ]);
    renderInAdmin(<CorrectionsPanel article={adminArticle({ id: 7, publishedAt: PUBLISHED })} />, api.client);
    const [, first] = await panel().findAllByRole('listitem');
    fireEvent.click(within(first!).getByRole('button', { name: /^Edit/ }));
    const field = panel().getByRole('textbox', { name: /Correction of/ }) as HTMLTextAreaElement;
    expect(field.value).toBe('The first correction here.');
    fireEvent.change(field, { target: { value: 'The server says no to this one.' } });
    fireEvent.click(panel().getByRole('button', { name: 'Save correction' }));
    expect((await panel().findByRole('alert')).textContent).toBe(
      'The correction must be at least 10 characters (it has 3).',
    );
    expect(toasts).toEqual([]);
    fireEvent.change(field, { target: { value: 'The first correction, fixed.' } });
    fireEvent.click(panel().getByRole('button', { name: 'Save correction' }));
    expect(await panel().findByText(/wording fixed by Corinne Correct/)).toBeTruthy();
    expect(panel().getByText('The first correction, fixed.').tagName).toBe('P');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Edit the correction of/));

    const [second] = panel().getAllByRole('listitem');
    fireEvent.click(within(second!).getByRole('button', { name: /^Remove/ }));
    const confirm = panel().getByRole('group', { name: 'Remove this correction?' });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Remove' })));
    expect(api.sent.filter((r) => r.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(panel().getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(within(panel().getAllByRole('listitem')[0]!).getByRole('button', { name: /^Remove/ }));
    fireEvent.click(
      within(panel().getByRole('group', { name: 'Remove this correction?' })).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(panel().getAllByRole('listitem')).toHaveLength(1));
    expect(panel().queryByText('The second correction here.')).toBeNull();
    expect(api.sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      expect.stringMatching(/\/articles\/7\/corrections\/2$/),
    ]);
  });

  it('offers no new correction on an unpublished article, keeps its existing ones, and shows nothing without any', async () => {
    const api = correctionsApi([correction(1, 'A correction from before.')]);
    renderInAdmin(<CorrectionsPanel article={adminArticle({ id: 7, publishedAt: null })} />, api.client);
    expect(await screen.findByText('A correction from before.')).toBeTruthy();
    expect(panel().getByText('Readers see these again when the article is published.')).toBeTruthy();
    expect(panel().queryByRole('button', { name: 'Add a correction' })).toBeNull();
    cleanup();

    const none = correctionsApi();
    renderInAdmin(<CorrectionsPanel article={adminArticle({ id: 7, publishedAt: null })} />, none.client);
    await waitFor(() => expect(none.sent.length).toBe(1));
    expect(screen.queryByRole('region', { name: 'Corrections' })).toBeNull();
  });
});
