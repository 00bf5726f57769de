import { useLayoutEffect } from 'react';

/**
 * `Title · Kavel` in the tab while the page is shown. Set in the same commit as the page's render,
 * before the browser paints (React may run a passive effect after the paint when the render did
 * not come from an input event, a page's chunk arriving say), so the page and its title never
 * disagree.
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = `${title} · Kavel`;
  }, [title]);
}
