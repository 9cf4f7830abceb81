import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminApiError, adminKeys, isInTrash, useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

interface LiveMutationSpec<V, R> {
  request(client: AdminApiClient, vars: V): Promise<R>;
  /** The toast after a success; none when the screen shows the result itself (a new entry in the list). */
  successTitle?: string;
  after?: (vars: V, result: R) => void | Promise<void>;
  /** Failures shown in their own place (an edit's conflict) instead of a toast. */
  quiet?: (error: unknown) => boolean;
}

/** The story a write is of: its id, or vars holding it. */
type LiveVars = number | { articleId: number };
const storyOf = (vars: LiveVars) => (typeof vars === 'number' ? vars : vars.articleId);

/**
 * A write of live coverage: a failure shows the error catalogue's message with the server's
 * problem title and detail in a destructive toast, as every admin action does, and the screen
 * stays usable. One request at a time (a double Ctrl+Enter posts once). Refused because the story went
 * to the Trash or was deleted for good meanwhile, the story is read again: the console then says so (the
 * work kept in the tab).
 */
export function useLiveMutation<V extends LiveVars, R>({
  request,
  successTitle,
  after,
  quiet,
}: LiveMutationSpec<V, R>) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const mutation = useMutation<R, Error, V>({
    mutationFn: (vars: V) => request(client, vars),
    onSuccess: async (result, vars) => {
      if (successTitle) toast({ title: successTitle });
      await after?.(vars, result);
    },
    onError: (err, vars) => {
      // In the Trash (409), or not found (404: the story deleted for good, or an entry deleted): the story is
      // read again, and its answer says which screen to show.
      const gone = err instanceof AdminApiError && err.status === 404;
      if (isInTrash(err) || gone)
        void queryClient.invalidateQueries({ queryKey: adminKeys.articleDetail(storyOf(vars)) });
      if (quiet?.(err)) return;
      const { message, details } = errorParts(err);
      toast({ title: message, description: details, variant: 'destructive' });
    },
  });
  return useOneAtATime(mutation);
}
