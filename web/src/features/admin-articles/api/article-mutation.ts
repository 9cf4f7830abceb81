import { useMutation } from '@tanstack/react-query';
import { useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { errorParts, useAdminErrors } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { useReloadAfterMutation } from './use-reload-after-mutation.ts';

interface ArticleMutationSpec<V, R> {
  request(client: AdminApiClient, vars: V): Promise<R>;
  successTitle: string;
  /** Skip the reload rule (delete from the detail navigates back instead). */
  reload?: (vars: V) => boolean;
  /** Runs after a success (after the toast and any reload). */
  after?: (vars: V) => void | Promise<void>;
}

/**
 * A mutation of the admin area: on success a toast and the reload rule; on failure the product's
 * error screen (with Retry and Sign Out) and a destructive toast.
 */
export function useArticleMutation<V, R>({ request, successTitle, reload, after }: ArticleMutationSpec<V, R>) {
  const client = useAdminApi();
  const errors = useAdminErrors();
  const reloadViews = useReloadAfterMutation();
  return useMutation({
    mutationFn: (vars: V) => request(client, vars),
    onSuccess: async (_result, vars) => {
      toast({ title: successTitle });
      if (!reload || reload(vars)) await reloadViews();
      await after?.(vars);
    },
    onError: (err) => {
      const { message, details } = errorParts(err);
      toast({ title: message, description: details, variant: 'destructive' });
      errors.report(err);
    },
  });
}
