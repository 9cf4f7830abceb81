import { useParams, useSearchParams } from 'react-router';
import { archivePosition } from '@common/older-stories';
import { PersonListing } from '@/features/news/components/person-listing';
import { LivePublicPage } from './components/live-page';

/** /tag/{slug}?page=&before=|after=: the tag's page, rendered on the server like every public page. */
export default function TagPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const position = archivePosition(params);
  return (
    <LivePublicPage>
      <PersonListing
        key={`${slug}-${position?.before ?? ''}-${position?.after ?? ''}`}
        kind="tag"
        slug={slug}
        position={position}
      />
    </LivePublicPage>
  );
}
