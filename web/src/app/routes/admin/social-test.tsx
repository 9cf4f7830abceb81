import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder until the social engineer replaces this file (spec: Test publish page).
export default function SocialTestPage() {
  useDocumentTitle('Test Publish');
  return (
    <section className="admin-panel">
      <h1>Test Publish</h1>
      <p className="admin-muted">Coming soon: send a test post to X or Facebook.</p>
    </section>
  );
}
