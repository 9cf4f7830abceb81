/** The admin area's loading state: a spinner with an accessible label (docs/product.md, Admin login gate). */
export function AdminSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="admin-spinner" role="status" aria-live="polite">
      <span className="admin-spinner__wheel" aria-hidden="true" />
      <span className="admin-sr-only">{label}</span>
    </div>
  );
}
