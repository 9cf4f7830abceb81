import { useEffect, useRef } from 'react';
import { pageWindow } from './page-window.ts';

export interface PageNumbersProps {
  currentPage: number;
  totalPages: number;
  /** The navigation landmark's name ('Pagination' on All Articles). */
  label: string;
  onPage(page: number): void;
}

/**
 * First, previous, numbered, next and last page buttons (All Articles, Pictures): the current page is
 * `aria-current="page"`, a gap of pages an ellipsis (pageWindow). Nothing with one page or none,
 * unless the page asked for is past the last (then they lead back). A button that a move disables
 * (Next on reaching the last page) hands the focus to the current page's button.
 */
export function PageNumbers({ currentPage, totalPages, label, onPage }: PageNumbersProps) {
  const last = Math.max(1, totalPages);
  const nav = useRef<HTMLElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const focused = document.activeElement;
    if (
      !focused ||
      focused === document.body ||
      !nav.current?.contains(focused) ||
      (focused as HTMLButtonElement).disabled
    ) {
      nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    }
  }, [currentPage]);
  if (totalPages <= 1 && currentPage <= last) return null;
  const go = (page: number) => {
    moved.current = true;
    onPage(page);
  };
  const atStart = currentPage <= 1;
  const atEnd = currentPage >= last;
  const step = (name: string, text: string, page: number, disabled: boolean) => (
    <li>
      <button type="button" className="admin-page" aria-label={name} disabled={disabled} onClick={() => go(page)}>
        {text}
      </button>
    </li>
  );
  return (
    <nav aria-label={label} ref={nav}>
      <ul className="admin-pagination__pages">
        {step('First page', '«', 1, atStart)}
        {step('Previous page', '‹', Math.min(currentPage - 1, last), atStart)}
        {pageWindow(currentPage, last).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="admin-page"
                aria-label={`Page ${item}`}
                aria-current={item === currentPage ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="admin-page admin-page--gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        {step('Next page', '›', currentPage + 1, atEnd)}
        {step('Last page', '»', last, atEnd)}
      </ul>
    </nav>
  );
}
