import { NotFoundScreen } from '@/components/not-found-screen';
import { LivePublicPage } from './components/live-page';

export default function NotFoundPage() {
  return (
    <LivePublicPage>
      <NotFoundScreen />
    </LivePublicPage>
  );
}
