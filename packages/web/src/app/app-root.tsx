import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppRouter } from './app-router.tsx';

/**
 * The whole app as the browser renders it. The build prerenders the same tree (see
 * `prerender-frame.tsx`), so a page's frame can be hydrated: both must stay one tree.
 */
export function AppRoot({ queryClient }: { queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>
  );
}
