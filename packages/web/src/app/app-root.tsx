import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppRouter } from './app-router.tsx';

/**
 * The whole app as the browser renders it. The build prerenders the same tree (see
 * `prerender-frame.tsx`), so a page's frame can be hydrated: both must stay one tree. The router
 * is React Router's: `BrowserRouter` in the browser, `StaticRouter` at the page's address in the
 * build (each side bundles only its own).
 */
export function AppRoot({ queryClient, Router }: { queryClient: QueryClient; Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router>
          <AppRouter />
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
}
