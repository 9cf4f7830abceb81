import { getAppConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-clock';

/** Footer: About, Contact and Privacy Policy as plain anchors, copyright and the satire disclaimer. */
export function SiteFooter() {
  const { siteName } = getAppConfig();
  const { now, refined } = useNow();
  const year = refined ? now.getFullYear() : now.getUTCFullYear();
  return (
    <footer className="site-footer mt-12 bg-ink text-white on-dark">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 md:flex-row md:items-start md:justify-between">
        <div>
          <p className="site-footer__name font-display text-2xl uppercase leading-none">{siteName}</p>
          <p className="mt-2 max-w-xl font-sans text-sm text-white/85">
            © {year} {siteName}. Every story on this site is satire: invented, exaggerated and not to be taken as fact.
            Any resemblance to real events is the fault of reality.
          </p>
        </div>
        <ul className="site-footer__links flex flex-wrap gap-x-6 gap-y-2 font-sans text-sm font-bold uppercase tracking-wider">
          <li>
            <a
              href={paths.about.getHref()}
              className="text-white underline-offset-4 hover:text-tabloid-yellow hover:underline"
            >
              About
            </a>
          </li>
          <li>
            <a
              href={paths.contact.getHref()}
              className="text-white underline-offset-4 hover:text-tabloid-yellow hover:underline"
            >
              Contact
            </a>
          </li>
          <li>
            <a
              href={paths.privacy.getHref()}
              className="text-white underline-offset-4 hover:text-tabloid-yellow hover:underline"
            >
              Privacy Policy
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
