import { useSearchParams } from 'react-router';
import { CalendarView } from '@/features/admin-calendar';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/calendar?month=YYYY-MM: the editorial calendar (the current month without `month`). */
export default function CalendarPage() {
  useDocumentTitle('Calendar');
  const [params] = useSearchParams();
  return <CalendarView month={params.get('month')} />;
}
