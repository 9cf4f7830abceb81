import { getAppConfig } from '@/config/app-config';
import { FacebookTab, ShareDefaultsControl, SocialTabs, XTab } from '@/features/social';
import '@/features/social/social.css';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/social: X / Twitter (default) and Facebook tabs, then the sharing defaults. Persona = the publication's name. */
export default function SocialPage() {
  useDocumentTitle('Social Auth');
  const persona = getAppConfig().siteName;
  return (
    <section className="social-page" aria-labelledby="social-title">
      <h1 id="social-title">Social Auth</h1>
      <SocialTabs
        label="Social platforms"
        tabs={[
          { id: 'x', label: 'X / Twitter', panel: <XTab persona={persona} /> },
          { id: 'facebook', label: 'Facebook', panel: <FacebookTab persona={persona} /> },
        ]}
      />
      <ShareDefaultsControl />
    </section>
  );
}
