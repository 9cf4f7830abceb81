import { useParams, useSearchParams } from 'react-router';
import { PersonListing } from '@/features/news/components/person-listing';
import { listingPage } from '@/features/news/api/get-listing';
import { LivePublicPage } from './components/live-page';

/** /tag/{slug}?page=: the tag's page, rendered on the server like every public page. */
export default function TagPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = listingPage(params.get('page'));
  return (
    <LivePublicPage>
      <PersonListing key={`${slug}-${page}`} kind="tag" slug={slug} page={page} />
    </LivePublicPage>
  );
}
