import { PeopleView } from '@/features/admin-people';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/authors: the newsroom's authors, to rename and to give a bio, photo and X handle. */
export default function AuthorsPage() {
  useDocumentTitle('Authors');
  return <PeopleView kind="authors" />;
}
