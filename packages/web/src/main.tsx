import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppRouter } from './app/app-router.tsx';
import { createQueryClient } from './app/query-client.ts';
import { installErrorReporting } from './features/error-reporting/install-error-reporting.ts';
import './ui/base.css';
import './app/order-page.css';
import './features/domain-search/domain-search.css';

installErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <AppRouter />
    </QueryClientProvider>
  </StrictMode>,
);
