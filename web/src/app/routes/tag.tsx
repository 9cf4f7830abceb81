import { useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '@/components/layout/public-layout';
import { BreakingStrip } from '@/features/news/components/breaking-strip';
import { PersonListing } from '@/features/news/components/person-listing';
import { listingPage } from '@/features/news/api/get-listing';

/** /tag/{slug}?page=: the tag's page, rendered on the server like every public page. */
export default function TagPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = listingPage(params.get('page'));
  return (
    <PublicLayout strip={<BreakingStrip />}>
      <PersonListing key={`${slug}-${page}`} kind="tag" slug={slug} page={page} />
    </PublicLayout>
  );
}
