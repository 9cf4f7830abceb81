import { useContext, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CATEGORIES } from '@common/categories';
import { LINKED_NAV_CLASS, SITE_NAV_ID } from '@common/scriptless-page';
import { TAGLINE } from '@common/site';
import { getAppConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { cx } from '@/lib/cx';
import { ScriptlessPageContext } from './scriptless-page';
import { SearchForm } from './search-form';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'block px-3 py-3 font-display text-lg uppercase tracking-wide text-white underline-offset-8 decoration-4 transition-colors duration-150',
    'hover:text-tabloid-yellow md:py-2',
    isActive ? 'underline decoration-tabloid-yellow' : 'no-underline',
  );

const MENU_BUTTON_CLASS =
  'min-h-11 min-w-20 bg-ink px-3 py-2 font-sans text-sm font-bold uppercase tracking-wider text-white md:hidden';

/**
 * The red masthead (site title, tagline, ADMIN) and the black category bar. Below 768 px the
 * bar folds behind a MENU/CLOSE button; the open menu also holds ADMIN. Escape closes it.
 * Without script a MENU link in the same place opens the bar (CSS :target on #site-nav).
 */
export function SiteHeader() {
  const { siteName } = getAppConfig();
  const [open, setOpen] = useState(false);
  const navId = SITE_NAV_ID;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // A page sent without script (a preview link's): the no-script MENU link, whatever the browser.
  const scriptless = useContext(ScriptlessPageContext);

  // Navigating closes the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header>
      <div className="site-masthead bg-tabloid-red text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-4 md:flex-nowrap md:py-6">
          <div className="min-w-0 on-dark">
            <Link
              to={paths.home.getHref()}
              className="site-masthead__title block font-display text-4xl uppercase leading-none tracking-tight text-white no-underline sm:text-5xl md:text-7xl"
            >
              {siteName}
            </Link>
            <p className="site-masthead__tagline mt-1 font-sans text-sm font-bold uppercase tracking-widest md:text-base md:tracking-[0.2em]">
              {TAGLINE}
            </p>
          </div>
          <SearchForm
            id="site-search"
            label="Search stories"
            compact
            className="order-last w-full on-dark md:order-none md:ml-auto md:w-auto md:flex-nowrap"
          />
          <div className="site-masthead__tools relative flex shrink-0 items-center gap-2 on-dark">
            <Link
              to={paths.admin.root.getHref()}
              className="hidden bg-ink px-3 py-2 font-sans text-sm font-bold uppercase tracking-wider text-white no-underline hover:bg-white hover:text-ink md:inline-block"
            >
              ADMIN
            </Link>
            {scriptless ? (
              <a href={`#${navId}`} className={cx(MENU_BUTTON_CLASS, 'flex items-center justify-center no-underline')}>
                MENU
              </a>
            ) : (
              <>
                <button
                  ref={buttonRef}
                  type="button"
                  className={cx(MENU_BUTTON_CLASS, 'js-only')}
                  aria-expanded={open}
                  aria-controls={navId}
                  onClick={() => setOpen((o) => !o)}
                >
                  {open ? 'CLOSE' : 'MENU'}
                </button>
                <noscript>
                  <a
                    href={`#${navId}`}
                    className={cx(
                      MENU_BUTTON_CLASS,
                      'absolute right-0 top-0 flex items-center justify-center no-underline',
                    )}
                  >
                    MENU
                  </a>
                </noscript>
              </>
            )}
          </div>
        </div>
      </div>
      <nav
        id={navId}
        aria-label="Main"
        className={cx('site-nav bg-ink on-dark md:block', open ? 'block' : 'hidden', scriptless && LINKED_NAV_CLASS)}
      >
        <ul className="mx-auto flex max-w-7xl flex-col px-2 md:flex-row md:flex-wrap md:gap-2">
          {CATEGORIES.map((category) => (
            <li key={category.id}>
              <NavLink to={paths.category.getHref(category.path)} className={navLinkClass}>
                {category.name}
              </NavLink>
            </li>
          ))}
          <li className="border-t border-white/30 md:hidden">
            <NavLink to={paths.admin.root.getHref()} className={navLinkClass}>
              ADMIN
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
