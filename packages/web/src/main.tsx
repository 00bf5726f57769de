import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root.tsx';
import { createQueryClient } from './app/query-client.ts';
import { installErrorReporting } from './features/error-reporting/install-error-reporting.ts';
import { locale } from './i18n/locale.ts';
import { loadTexts, text } from './i18n/texts.ts';
import './ui/base.css';
import './app/order-page.css';
import './features/domain-search/domain-search.css';

installErrorReporting();

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root');
  document.querySelector('meta[name="description"]')?.setAttribute('content', text('meta.description'));
  const app = <AppRoot queryClient={createQueryClient()} Router={BrowserRouter} />;
  // The first render as a transition: React yields to the browser every few milliseconds instead
  // of holding the main thread for the whole page. The server puts a page's prerendered frame in
  // #root only for an address without a query; a `#step-2` it cannot see changes the first
  // render, so that page is rendered afresh.
  startTransition(() => {
    if (root.firstElementChild && !window.location.search && !window.location.hash) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

// A page in English first fetches its texts (a small chunk); a Dutch page renders at once.
loadTexts(locale)
  .catch((failure: unknown) => console.error('The English texts could not be loaded; showing Dutch', failure))
  .finally(render);
