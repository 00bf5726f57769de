import { useSyncExternalStore, type MouseEvent } from 'react';

/**
 * A router small enough to read: the single-page app follows `location`, `navigate` changes it
 * without a reload, and the browser's back and forward buttons work through `popstate`.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export interface AppLocation {
  /** Without a trailing slash (`/bestellen/` -> `/bestellen`), `/` for the root. */
  path: string;
  params: URLSearchParams;
}

export function useLocation(): AppLocation {
  // The same snapshot for a prerendered frame: the build renders it with the route's address.
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(href, window.location.origin);
  return { path: url.pathname.replace(/\/+$/, '') || '/', params: url.searchParams };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  listeners.forEach((listener) => listener());
  window.scrollTo({ top: 0 });
}

/** For an `<a href>` inside the app: a plain click navigates in place, a modified click opens a tab as usual. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(event.currentTarget.getAttribute('href') ?? '/');
}
