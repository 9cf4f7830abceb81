import { Link } from 'react-router';
import { StaticPage } from '@/components/layout/static-page';
import { getAppConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LivePublicPage } from './components/live-page';

/** /about: what the publication is, its satire policy and how to ask for a correction. */
export default function AboutPage() {
  useDocumentTitle('About');
  const { siteName } = getAppConfig();
  return (
    <LivePublicPage>
      <StaticPage
        title={`About ${siteName}`}
        intro={
          <p>
            {siteName} is a satirical tabloid. We write the news as it would read if every press release were honest,
            every politician a cartoon and every scandal twice as big. None of it happened.
          </p>
        }
      >
        <section aria-labelledby="about-satire">
          <h2 id="about-satire">Our satire policy</h2>
          <p>
            Every story, quotation and person in our articles is invented or exaggerated to make a point. When a real
            public figure or company appears, it is as the subject of satire, never as a report of something they did or
            said. We do not publish invented stories about private people.
          </p>
          <ul>
            <li>Every article page says it is satire, to readers and to search engines and link previews.</li>
            <li>We never imitate the look of another publication to pass a story off as its work.</li>
            <li>We do not take money to write, change or remove a story.</li>
          </ul>
        </section>

        <section aria-labelledby="corrections">
          <h2 id="corrections">Corrections</h2>
          <p>
            Satire can still get things wrong: a real name where it should not be, a fact we meant to be true that is
            not, a joke that could be read as news. Write to{' '}
            <a href="mailto:newsdesk@dailysmear.example">newsdesk@dailysmear.example</a> with the headline, what is
            wrong and what you would like changed. We answer within five working days. A story we change after
            publication shows when it was updated, under its byline.
          </p>
          <p>
            {/* A router link: opened in place, and loaded on the reader's intent like the other reading pages. */}
            <Link to={paths.corrections.getHref()}>See every correction</Link> we have published, newest first.
          </p>
          <p>
            Other ways to reach us are on the <a href={paths.contact.getHref()}>contact page</a>.
          </p>
        </section>
      </StaticPage>
    </LivePublicPage>
  );
}
