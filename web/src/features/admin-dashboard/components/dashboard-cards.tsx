import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { DashboardData } from '../types.ts';

/** The three cards of the dashboard and the count of scheduled articles linking to them (docs/product.md, Dashboard). */
export function DashboardCards({ data }: { data: DashboardData }) {
  const cards = [
    { label: 'Total Articles', value: data.totalArticles },
    { label: 'Articles This Week', value: data.articlesLastWeek },
    { label: 'Active Users', value: data.activeUsers },
  ];
  return (
    <ul className="admin-cards" aria-label="Summary">
      {cards.map((c) => (
        <li key={c.label} className="admin-panel admin-card">
          <span className="admin-card__label">{c.label}</span>
          <span className="admin-card__value">{Number(c.value ?? 0).toLocaleString('en-GB')}</span>
        </li>
      ))}
      {data.scheduledArticles !== undefined ? (
        <li className="admin-panel admin-card">
          <span className="admin-card__label">Scheduled</span>
          <span className="admin-card__value">{Number(data.scheduledArticles).toLocaleString('en-GB')}</span>
          <Link className="admin-link" to={paths.admin.articles.getHref({ status: 'scheduled' })}>
            See scheduled articles
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
