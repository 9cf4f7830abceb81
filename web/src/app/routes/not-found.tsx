import { PublicLayout } from '@/components/layout/public-layout';
import { NotFoundScreen } from '@/components/not-found-screen';
import { BreakingStrip } from '@/features/news/components/breaking-strip';

export default function NotFoundPage() {
  return (
    <PublicLayout strip={<BreakingStrip />}>
      <NotFoundScreen />
    </PublicLayout>
  );
}
