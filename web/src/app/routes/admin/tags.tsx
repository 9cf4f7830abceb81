import { PeopleView } from '@/features/admin-people';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/tags: the newsroom's tags, to rename. */
export default function TagsPage() {
  useDocumentTitle('Tags');
  return <PeopleView kind="tags" />;
}
