import { useEffect, useRef } from 'react';

export interface AdminErrorScreenProps {
  message: string;
  details?: string;
  onRetry: () => void;
  onSignOut: () => void;
}

/** The admin error state (docs/product.md, Admin login gate and Error messages): 'Error', the message, optional details, Retry and Sign Out. */
export function AdminErrorScreen({ message, details, onRetry, onSignOut }: AdminErrorScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [message, details]);
  return (
    <section className="admin-panel admin-error" role="alert" aria-labelledby="admin-error-title">
      <h1 id="admin-error-title" className="admin-error__title" tabIndex={-1} ref={heading}>
        Error
      </h1>
      <p className="admin-error__message">{message}</p>
      {details ? <p className="admin-error__details">{details}</p> : null}
      <div className="admin-actions">
        <button type="button" className="admin-btn admin-btn--primary" onClick={onRetry}>
          Retry
        </button>
        <button type="button" className="admin-btn" onClick={onSignOut}>
          Sign Out
        </button>
      </div>
    </section>
  );
}
