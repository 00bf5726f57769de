import { notifyManager, QueryClient } from '@tanstack/react-query';
import { canRetry } from './error-message.ts';
import { orderErrorStore } from './order-error-store.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `inlineErrors`: the mutation's component shows its own failure (a login form), not the order-error modal. */
    mutationMeta: { inlineErrors?: boolean };
  }
}

/**
 * Server state lives here. A failed basket call changes nothing on the server and nothing in the
 * cache; it is shown in the order-error modal. Queries, and mutations marked `inlineErrors`
 * (the account forms), show their own errors inline.
 */
export function createQueryClient(): QueryClient {
  // TanStack hands query and mutation state to components after a timer by default, so a button
  // showed its mutation as pending only a task after the click, and a quick second click sent it
  // twice. In a microtask the pending state reaches React as soon as the mutation starts. The
  // buttons that must never send twice (Pay, the order app's order button) also set their own
  // state in the click, which React renders at the end of that event.
  notifyManager.setScheduler(queueMicrotask);
  const queryClient = new QueryClient({
    defaultOptions: {
      // One more try for what can pass (a lost connection, a server fault); a refusal such as a 404 answers the same again.
      queries: { retry: (failures, error) => failures < 1 && canRetry(error), refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
  // Announced in the same batch as the components' own update of the failed mutation (queued on
  // TanStack's notify schedule, after theirs), so the row re-renders and takes focus back before
  // the modal notes who opened it, and closing the modal returns focus there.
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || event.mutation.meta?.inlineErrors) return;
    const error = event.action.error;
    console.error(error);
    notifyManager.schedule(() => orderErrorStore.show(error));
  });
  return queryClient;
}
