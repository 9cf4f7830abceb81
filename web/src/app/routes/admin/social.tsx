import { useDocumentTitle } from '@/lib/use-document-title';

// Placeholder until the social engineer replaces this file (spec: Social page with X and Facebook tabs).
export default function SocialPage() {
  useDocumentTitle('Social Auth');
  return (
    <section className="admin-panel">
      <h1>Social Auth</h1>
      <p className="admin-muted">Coming soon: X and Facebook publishing credentials.</p>
    </section>
  );
}
