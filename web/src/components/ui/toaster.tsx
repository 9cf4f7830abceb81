import { Toaster as SonnerToaster } from 'sonner';
import { TOASTER_OPTIONS } from '@/lib/toast';

/** The app's single toast outlet (spec section 9 constants), styled with the design tokens. */
export function Toaster() {
  return (
    <SonnerToaster
      visibleToasts={TOASTER_OPTIONS.visibleToasts}
      duration={TOASTER_OPTIONS.duration}
      position={TOASTER_OPTIONS.position}
      hotkey={[...TOASTER_OPTIONS.hotkey]}
      closeButton={TOASTER_OPTIONS.closeButton}
      richColors
      toastOptions={{ className: 'font-sans' }}
    />
  );
}
