import { getAppConfig } from '@/config/app-config';
import { TestPublishForm } from '@/features/social';
import '@/features/social/social.css';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/social/test: send a test post to X or Facebook. */
export default function SocialTestPage() {
  useDocumentTitle('Test Publish');
  return (
    <section className="social-page" aria-labelledby="social-test-title">
      <h1 id="social-test-title">Test Publish</h1>
      <TestPublishForm defaultPersona={getAppConfig().siteName} />
    </section>
  );
}
