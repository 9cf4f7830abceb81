import { useSearchParams } from 'react-router';
import { archivePosition } from '@common/older-stories';
import { PublicLayout } from '@/components/layout/public-layout';
import { ArchiveListing } from '@/features/news/components/archive-listing';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { NewsListing } from '@/features/news/components/news-listing';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HomePage() {
  const [params] = useSearchParams();
  const position = archivePosition(params);
  useDocumentTitle(position ? `Older stories, page ${position.page}` : undefined);
  return (
    <PublicLayout strip={<BreakingStrip />}>
      {position ? <ArchiveListing key={params.toString()} position={position} /> : <NewsListing />}
    </PublicLayout>
  );
}
