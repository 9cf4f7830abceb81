import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function AdminNotFound() {
  return (
    <section className="admin-panel admin-center-text">
      <h1>Page not found</h1>
      <p>There is no admin screen at this address.</p>
      <Link className="admin-btn" to={paths.admin.root.getHref()}>
        Back to Dashboard
      </Link>
    </section>
  );
}
