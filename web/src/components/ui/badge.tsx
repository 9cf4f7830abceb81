import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

const TONES = {
  red: 'bg-tabloid-red text-white',
  black: 'bg-ink text-white',
  yellow: 'bg-tabloid-yellow text-ink',
} as const;

/** A small solid rectangle label (BREAKING, EXCLUSIVE, category names). */
export function Badge({
  tone = 'black',
  className,
  children,
}: {
  tone?: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        'badge inline-block px-2 py-0.5 font-sans text-xs font-bold uppercase leading-5 tracking-wider',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
