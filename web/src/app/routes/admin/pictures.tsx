import { PicturesView } from '@/features/admin-pictures';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/pictures: the picture library, to describe pictures and set their focal points. */
export default function PicturesPage() {
  useDocumentTitle('Pictures');
  return <PicturesView />;
}
