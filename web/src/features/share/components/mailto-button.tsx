import type { ReactNode } from 'react';

/**
 * A mailto link that presents as a button (role button, Space activates it like Enter),
 * so the address stays inspectable and opening it needs no script.
 */
export function MailtoButton({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      role="button"
      className={className}
      onKeyDown={(event) => {
        if (event.key === ' ') {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
    >
      {children}
    </a>
  );
}
