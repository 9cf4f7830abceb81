import { useParams, useSearchParams } from 'react-router';
import { archivePosition } from '@common/older-stories';
import { PersonListing } from '@/features/news/components/person-listing';
import { LivePublicPage } from './components/live-page';

/** /author/{slug}?page=&before=|after=: the author's page, rendered on the server like every public page. */
export default function AuthorPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const position = archivePosition(params);
  return (
    <LivePublicPage>
      <PersonListing
        key={`${slug}-${position?.before ?? ''}-${position?.after ?? ''}`}
        kind="author"
        slug={slug}
        position={position}
      />
    </LivePublicPage>
  );
}
