/** The first focusable element of every public page: jumps past the header to the content. */
export function SkipLink({ targetId = 'main-content' }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      className="skip-link sr-only z-50 bg-tabloid-yellow px-4 py-3 font-sans font-bold text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to content
    </a>
  );
}
