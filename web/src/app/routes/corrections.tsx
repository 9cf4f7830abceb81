import { useSearchParams } from 'react-router';
import { archivePosition } from '@common/older-stories';
import { CorrectionsListing } from '@/features/news/components/corrections-listing';
import { LivePublicPage } from './components/live-page';

/** /corrections?page=&before=|after=: every correction of the published stories, rendered on the server like every public page. */
export default function CorrectionsPage() {
  const [params] = useSearchParams();
  const position = archivePosition(params);
  return (
    <LivePublicPage>
      <CorrectionsListing key={`${position?.before ?? ''}-${position?.after ?? ''}`} position={position} />
    </LivePublicPage>
  );
}
