import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AppRouter } from './app/app-router.tsx';
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
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <AppRouter />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}

// A page in English first fetches its texts (a small chunk); a Dutch page renders at once.
loadTexts(locale)
  .catch((failure: unknown) => console.error('The English texts could not be loaded; showing Dutch', failure))
  .finally(render);
