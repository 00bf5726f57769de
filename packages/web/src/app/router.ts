import { useLayoutEffect } from 'react';
import { useLocation as useRouterLocation, useNavigate, useNavigationType, type NavigateFunction } from 'react-router';

/**
 * The app's view of React Router (declarative mode, `<BrowserRouter>` in `main.tsx`, the route
 * tree in `app-router.tsx`): the current path and query as the pages read them, and `navigate`
 * for code that runs outside a render (effects, a mutation's answer, a stored basket).
 */
export interface AppLocation {
  /** Without a trailing slash (`/bestellen/` -> `/bestellen`), `/` for the root. */
  path: string;
  params: URLSearchParams;
}

export function useLocation(): AppLocation {
  const { pathname, search } = useRouterLocation();
  return { path: pathname.replace(/\/+$/, '') || '/', params: new URLSearchParams(search) };
}

let routerNavigate: NavigateFunction | null = null;

/** Goes to a page of the app without a reload (a path on this shop; the router scrolls to its top). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (routerNavigate) void routerNavigate(to, { replace: options.replace ?? false });
  else window.location.assign(to);
}

/**
 * Mounted once inside the router: hands its navigate to `navigate` above, and scrolls to the top
 * on every move the app makes (a link, a navigate); the browser's back and forward keep their
 * own scroll position.
 */
export function RouterBridge(): null {
  const routerNavigateNow = useNavigate();
  const { key } = useRouterLocation();
  const how = useNavigationType();
  useLayoutEffect(() => {
    routerNavigate = routerNavigateNow;
    return () => {
      routerNavigate = null;
    };
  }, [routerNavigateNow]);
  useLayoutEffect(() => {
    if (how !== 'POP') window.scrollTo({ top: 0 });
  }, [key, how]);
  return null;
}
