import { useLayoutEffect } from 'react';

/**
 * `Title · Kavel` in the tab while the page is shown. Set in the same task as the page's render
 * (Preact runs passive effects only after the next paint), so the page and its title never
 * disagree.
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = `${title} · Kavel`;
  }, [title]);
}
