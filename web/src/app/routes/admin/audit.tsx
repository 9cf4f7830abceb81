import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuditView, type AuditListParams } from '@/features/admin-audit';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/audit: the audit trail, its filters kept in the URL query. */
export default function AuditPage() {
  useDocumentTitle('Audit Trail');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo<AuditListParams>(() => {
    const page = Number(params.get('page'));
    return {
      editor: params.get('editor') || undefined,
      action: params.get('action') || undefined,
      page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    };
  }, [params]);
  const onQueryChange = useCallback(
    (next: AuditListParams) => {
      const p = new URLSearchParams();
      if (next.editor) p.set('editor', next.editor);
      if (next.action) p.set('action', next.action);
      if (next.page && next.page > 1) p.set('page', String(next.page));
      const search = p.toString();
      navigate(`${paths.admin.audit.getHref()}${search ? `?${search}` : ''}`);
    },
    [navigate],
  );
  return <AuditView query={query} onQueryChange={onQueryChange} />;
}
