import { StaticPage } from '@/components/layout/static-page';
import { getAppConfig } from '@/config/app-config';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LivePublicPage } from './components/live-page';

export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  const { siteName } = getAppConfig();
  return (
    <LivePublicPage>
      <StaticPage
        title="Privacy Policy"
        intro={
          <p>
            Our stories are made up. This page is not. It explains, in plain English, what {siteName} collects when you
            visit, why, and what you can do about it.
          </p>
        }
      >
        <p>
          <strong>Last updated: January 2024</strong>
        </p>

        <section aria-labelledby="privacy-collected">
          <h2 id="privacy-collected">Information We Collect</h2>
          <ul>
            <li>
              <strong>Usage data:</strong> the pages you view, how long they take to load, the type of browser and
              device you use, and errors that happen while the site runs. This is collected by our monitoring service
              and is not linked to your name.
            </li>
            <li>
              <strong>Things you send us:</strong> if you e-mail us a tip or a complaint, we keep the message and your
              address so we can reply.
            </li>
            <li>
              <strong>Editor accounts:</strong> staff who sign in to the newsroom tools are identified by their work
              account (name and username).
            </li>
          </ul>
          <p>
            We do not ask readers to register, and we do not collect payment details, because nobody has ever paid us.
          </p>
        </section>

        <section aria-labelledby="privacy-use">
          <h2 id="privacy-use">How We Use Your Information</h2>
          <p>
            We use usage data to keep the site fast and working, to find and fix faults, and to learn which sections
            people read (so we know how many more stories about ducks to write). We use the messages you send only to
            answer them and to improve our coverage.
          </p>
        </section>

        <section aria-labelledby="privacy-sharing">
          <h2 id="privacy-sharing">Sharing Your Information</h2>
          <p>
            We do not sell your data. We share it only with the service providers that host the site and measure its
            performance, under contracts that stop them using it for anything else, and with the authorities if the law
            requires it. Anything we would gossip about is already on the front page.
          </p>
        </section>

        <section aria-labelledby="privacy-security">
          <h2 id="privacy-security">Data Security</h2>
          <p>
            Connections to the site are encrypted, access to our systems is limited to staff who need it, and we keep
            data only as long as we need it. No system is perfectly secure, but ours is considerably better guarded than
            the office biscuit tin.
          </p>
        </section>

        <section aria-labelledby="privacy-rights">
          <h2 id="privacy-rights">Your Rights</h2>
          <p>
            Under UK data protection law you can ask for a copy of the personal data we hold about you, ask us to
            correct or delete it, object to how we use it, and complain to the Information Commissioner's Office. Write
            to us through the <a href={paths.contact.getHref()}>contact page</a> and we will answer within one month.
          </p>
        </section>

        <section aria-labelledby="privacy-cookies">
          <h2 id="privacy-cookies">Cookies</h2>
          <p>
            Reading the site needs no advertising cookies. Our performance monitoring uses small first-party identifiers
            to count sessions, and the newsroom sign-in keeps its session in your browser's session storage. You can
            clear or block these in your browser settings; the public pages keep working.
          </p>
        </section>

        <section aria-labelledby="privacy-third-party">
          <h2 id="privacy-third-party">Third-Party Links</h2>
          <p>
            Our articles may link to other websites, and the share buttons open Facebook, X or your e-mail program.
            Those services have their own privacy policies, which you should read, ideally with a strong cup of tea. We
            are not responsible for what they do with your data.
          </p>
        </section>

        <section aria-labelledby="privacy-children">
          <h2 id="privacy-children">Children's Privacy</h2>
          <p>
            {siteName} is not intended for children under 13, and we do not knowingly collect personal information from
            them. If you believe a child has sent us personal information, contact us and we will delete it.
          </p>
        </section>

        <section aria-labelledby="privacy-updates">
          <h2 id="privacy-updates">Changes to This Policy</h2>
          <p>
            We may update this policy from time to time. When we do, we will change the date at the top of this page,
            and if the change is significant we will say so on the site, in a headline considerably less dramatic than
            usual.
          </p>
        </section>
      </StaticPage>
    </LivePublicPage>
  );
}
