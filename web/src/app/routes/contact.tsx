import { StaticPage } from '@/components/layout/static-page';
import { getAppConfig } from '@/config/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LivePublicPage } from './components/live-page';

export default function ContactPage() {
  useDocumentTitle('Contact');
  const { siteName } = getAppConfig();
  return (
    <LivePublicPage>
      <StaticPage
        title="Contact Us"
        intro={
          <p>
            Got a complaint, a tip or a suitcase of money for advertising? Our switchboard is staffed by one intern and
            a very patient kettle.
          </p>
        }
      >
        <section aria-labelledby="contact-editorial">
          <h2 id="contact-editorial">Editorial</h2>
          <p>
            Spotted a mistake? Congratulations: you have read an article. Corrections, clarifications and strongly
            worded letters go to the news desk at{' '}
            <a href="mailto:newsdesk@dailysmear.example">newsdesk@dailysmear.example</a>. We read everything, usually
            aloud, often in funny voices, and we reply within five working days unless Mercury is in retrograde or the
            editor is at lunch.
          </p>
          <p>
            If a story about you has upset you, write to us with the headline and what you would like changed. Remember
            that everything we publish is invented; if it sounds like you, that is between you and your conscience.
          </p>
        </section>

        <section aria-labelledby="contact-tips">
          <h2 id="contact-tips">Tips and Leaks</h2>
          <p>
            Overheard a minister arguing with a parking meter? Caught a tech billionaire microwaving fish in the office?
            Send your tips to <a href="mailto:tips@dailysmear.example">tips@dailysmear.example</a>.
          </p>
          <ul>
            <li>Tell us what happened, when, and why it is hilarious.</li>
            <li>
              Do not send us anything you are not allowed to share: no passwords, no state secrets, no photos of other
              people's lunches.
            </li>
            <li>We never pay for stories. We barely pay for biscuits.</li>
          </ul>
        </section>

        <section aria-labelledby="contact-advertising">
          <h2 id="contact-advertising">Advertising</h2>
          <p>
            Want your brand next to a headline about a duck running for Parliament? Our audience is discerning, loyal
            and mostly reading this at work. Write to <a href="mailto:ads@dailysmear.example">ads@dailysmear.example</a>{' '}
            for a media pack and our rates, which are negotiable, especially in the last week of the month.
          </p>
          <p>
            Advertising is always clearly labelled and never influences our journalism, which is already as bad as it
            can get.
          </p>
        </section>

        <section aria-labelledby="contact-office">
          <h2 id="contact-office">Office Address</h2>
          <address>
            {siteName}
            <br />
            Unit 4, Behind the Bins
            <br />
            13 Gutter Lane
            <br />
            London EC4Y 0XX
            <br />
            United Kingdom
          </address>
          <p className="mt-4">
            Visitors by appointment only. Please do not turn up unannounced with a camera crew: that is our job.
          </p>
        </section>

        <section aria-labelledby="contact-disclaimer">
          <h2 id="contact-disclaimer">Satire Disclaimer</h2>
          <p>
            {siteName} is a work of satire. Every article, quote, statistic and byline on this site is made up for comic
            effect. Real people and organisations that appear in our stories have not said or done what we describe.
            Please do not cite us in court, in a school essay or in an argument with your uncle.
          </p>
        </section>
      </StaticPage>
    </LivePublicPage>
  );
}
