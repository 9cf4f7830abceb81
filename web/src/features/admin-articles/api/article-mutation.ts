import { useMutation } from '@tanstack/react-query';
import { useAdminApi, type AdminApiClient } from '@/lib/admin-api-client';
import { errorParts } from '@/lib/admin-error-context';
import { toast } from '@/lib/toast';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { useReloadAfterMutation } from './use-reload-after-mutation.ts';

interface ArticleMutationSpec<V, R> {
  request(client: AdminApiClient, vars: V): Promise<R>;
  /** The success toast's title (from what was asked and answered, when it depends on them). */
  successTitle: string | ((vars: V, result: R) => string);
  /** A button in the success toast (e.g. Undo after a delete). */
  successAction?: (vars: V, result: R) => { label: string; onClick: () => void };
  /** Skip the reload rule (delete from the detail navigates back instead). */
  reload?: (vars: V) => boolean;
  /** Runs after a success (after the toast and any reload). */
  after?: (vars: V, result: R) => void | Promise<void>;
  /** Failures this action shows in its own place (a form's field errors) instead of a toast. */
  quiet?: (error: unknown) => boolean;
}

/**
 * A mutation of the admin area: on success a toast and the reload rule. A failed action shows its
 * message in a destructive toast and leaves the screen usable (the error screen is for failed loads);
 * the views reload so they show what the server now holds (e.g. an article someone else published).
 *
 * `mutate` sends at most one request at a time: a second call while one runs (a double-click lands
 * before React has re-rendered the disabled button) is dropped.
 */
export function useArticleMutation<V, R>({
  request,
  successTitle,
  successAction,
  reload,
  after,
  quiet,
}: ArticleMutationSpec<V, R>) {
  const client = useAdminApi();
  const reloadViews = useReloadAfterMutation();
  const mutation = useMutation<R, Error, V>({
    mutationFn: (vars: V) => request(client, vars),
    onSuccess: async (result, vars) => {
      const title = typeof successTitle === 'function' ? successTitle(vars, result) : successTitle;
      toast({ title, action: successAction?.(vars, result) });
      if (!reload || reload(vars)) await reloadViews();
      await after?.(vars, result);
    },
    onError: async (err) => {
      if (quiet?.(err)) return;
      const { message, details } = errorParts(err);
      toast({ title: message, description: details, variant: 'destructive' });
      await reloadViews();
    },
  });
  return useOneAtATime(mutation);
}
