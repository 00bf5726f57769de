import { useEffect } from 'react';

/** `Title · Kavel` in the tab while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Kavel`;
  }, [title]);
}
