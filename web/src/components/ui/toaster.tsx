import { Toaster as SonnerToaster } from 'sonner';
import { TOASTER_OPTIONS } from '@/lib/toast';
import './toaster.css';

/** The app's single toast outlet (in the newsroom's theme) (docs/product.md, Limits and constants: at most 3, 4000 ms, bottom-right, Alt+T), styled with the design tokens. */
export function Toaster({ theme = 'light' }: { theme?: 'light' | 'dark' }) {
  return (
    <SonnerToaster
      theme={theme}
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
