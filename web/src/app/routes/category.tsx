import { useParams, useSearchParams } from 'react-router';
import { CATEGORIES } from '@common/categories';
import { archivePosition } from '@common/older-stories';
import { NotFoundScreen } from '@/components/not-found-screen';
import { ArchiveListing } from '@/features/news/components/archive-listing';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LiveNewsListing, LivePublicPage } from './components/live-page';

/** /politics ... /uk: the listing filtered by the category in the path; anything else is the 404 page. */
export default function CategoryPage() {
  const { category: segment } = useParams();
  const category = CATEGORIES.find((c) => c.path === segment);
  if (!category) {
    return (
      <LivePublicPage>
        <NotFoundScreen />
      </LivePublicPage>
    );
  }
  return <CategoryListing key={category.path} category={category} />;
}

function CategoryListing({ category }: { category: (typeof CATEGORIES)[number] }) {
  const [params] = useSearchParams();
  const position = archivePosition(params);
  useDocumentTitle(position ? `${category.name}: older stories, page ${position.page}` : category.name);
  return (
    <LivePublicPage category={category.name}>
      {(breaking) =>
        position ? (
          <ArchiveListing key={params.toString()} category={category} position={position} />
        ) : (
          <LiveNewsListing category={category} breaking={breaking} />
        )
      }
    </LivePublicPage>
  );
}
