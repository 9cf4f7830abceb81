import { useSearchParams } from 'react-router';
import { archivePosition } from '@common/older-stories';
import { ArchiveListing } from '@/features/news/components/archive-listing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LiveNewsListing, LivePublicPage } from './components/live-page';

export default function HomePage() {
  const [params] = useSearchParams();
  const position = archivePosition(params);
  useDocumentTitle(position ? `Older stories, page ${position.page}` : undefined);
  return (
    <LivePublicPage>
      {(breaking) =>
        position ? (
          <ArchiveListing key={params.toString()} position={position} />
        ) : (
          <LiveNewsListing breaking={breaking} />
        )
      }
    </LivePublicPage>
  );
}
