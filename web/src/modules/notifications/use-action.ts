import { useMutation } from '@tanstack/react-query';
import { notify } from './notification-store';

type Action = { key: string; work: () => Promise<unknown>; done?: string };

/**
 * A change started from a button or a table row: `busy` names the one running (for its spinner), `done` is said
 * as a positive notification when it succeeds. A refusal was already shown by the API client with the catalogue's
 * message, so the action simply ends; the queries the change touches are invalidated by the service that made it.
 */
export const useAction = () => {
  const mutation = useMutation({
    mutationFn: ({ work }: Action) => work(),
    onSuccess: (_result, { done }) => {
      if (done) notify.positive(done);
    },
  });
  return {
    busy: mutation.isPending ? mutation.variables.key : undefined,
    run: (key: string, work: () => Promise<unknown>, done?: string) => mutation.mutate({ key, work, done }),
  };
};
