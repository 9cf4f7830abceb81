import { joinByline } from '@common/byline';
import { presenceNames, type PresenceName } from '@common/presence-contract';

/**
 * The marker's words (docs/product.md, All Articles); '' when nobody else has the article open. Two of the
 * same display name are told apart by their usernames (presenceNames).
 */
export function editingText(editors: readonly PresenceName[]): string {
  if (editors.length === 0) return '';
  return `${joinByline(presenceNames(editors))} ${editors.length === 1 ? 'is' : 'are'} editing`;
}

/**
 * In an All Articles row: who else had the article open as the list was loaded (decision 047; the list is
 * not polled). A pencil for the eye, the names for everyone; nothing when nobody else has it open.
 */
export function EditingMarker({ editors }: { editors: readonly PresenceName[] | undefined }) {
  const text = editingText(editors ?? []);
  if (!text) return null;
  return (
    <p className="admin-row__editing">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
        <path d="m13.5 6.5 4 4" />
      </svg>
      <span>{text}</span>
    </p>
  );
}
