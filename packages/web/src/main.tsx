import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { translate } from '@kavel/core';
import { OrderPage } from './app/order-page.tsx';
import { createQueryClient } from './app/query-client.ts';
import { installErrorReporting } from './features/error-reporting/install-error-reporting.ts';
import { locale } from './i18n/locale.ts';
import './ui/base.css';
import './app/order-page.css';
import './features/domain-search/domain-search.css';

installErrorReporting();
document.title = `${translate(locale, 'page.title')} · Kavel`;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <OrderPage />
    </QueryClientProvider>
  </StrictMode>,
);
