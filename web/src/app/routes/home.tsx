import { PublicLayout } from '@/components/layout/public-layout';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { NewsListing } from '@/features/news/components/news-listing';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HomePage() {
  useDocumentTitle();
  return (
    <PublicLayout strip={<BreakingStrip />}>
      <NewsListing />
    </PublicLayout>
  );
}
