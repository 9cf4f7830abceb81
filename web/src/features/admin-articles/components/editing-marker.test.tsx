// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { ArticleList } from './article-row.tsx';
import { EditingMarker } from './editing-marker.tsx';

afterEach(cleanup);

const SAM = { name: 'Sam Editor', username: 'sam' };
const SAM_2 = { name: 'Sam Editor', username: 'sam2' };
const ALEX = { name: 'Alex Writer', username: 'alex' };
const JO = { name: 'Jo Reporter', username: 'jo' };

describe("All Articles' marker of who else has the article open", () => {
  it.each([
    [[SAM], 'Sam Editor is editing'],
    [[SAM, ALEX], 'Sam Editor and Alex Writer are editing'],
    [[SAM, ALEX, JO], 'Sam Editor, Alex Writer and Jo Reporter are editing'],
    // Two of the same display name: each with their username, the others as they are.
    [[SAM, SAM_2], 'Sam Editor (sam) and Sam Editor (sam2) are editing'],
    [[SAM, ALEX, SAM_2], 'Sam Editor (sam), Alex Writer and Sam Editor (sam2) are editing'],
  ])('names %j: %s, its pencil hidden from screen readers', (editors, text) => {
    const { container } = render(<EditingMarker editors={editors} />);
    expect(container.textContent).toBe(text);
    const pencil = container.querySelector('svg');
    expect(pencil?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows nothing when nobody else has it open, or the row does not say (the dashboard)', () => {
    expect(render(<EditingMarker editors={[]} />).container.innerHTML).toBe('');
    expect(render(<EditingMarker editors={undefined} />).container.innerHTML).toBe('');
  });

  it("is on the row of the article that is open, in the row's meta, and on no other row", () => {
    const { client } = fakeApi(() => json(200, {}));
    renderInAdmin(
      <ArticleList
        articles={[
          { ...adminArticle({ id: 7, headline: 'Goat Elected' }), openBy: [SAM] },
          { ...adminArticle({ id: 8, headline: 'Budget Eaten' }), openBy: [] },
          adminArticle({ id: 9, headline: 'Dashboard Row' }),
        ]}
      />,
      client,
    );
    const [open, closed, plain] = screen.getAllByRole('listitem');
    expect(within(open!).getByText('Sam Editor is editing')).toBeTruthy();
    expect(open!.querySelector('.admin-row__main .admin-row__editing')).not.toBeNull();
    for (const row of [closed!, plain!]) {
      expect(row.textContent).not.toMatch(/editing/);
      expect(row.querySelector('.admin-row__editing')).toBeNull();
    }
  });
});
