import { PAGES } from '@kavel/core';
import { DomainPage } from './domain-page.tsx';
import { HostingPage } from './hosting-page.tsx';
import { SslPage } from './ssl-page.tsx';
import { VpsPage } from './vps-page.tsx';

/** The four product pages (the app router knows their paths), which are also the order summary's recommended-products targets. */
export function ProductPages({ path }: { path: string }) {
  switch (path) {
    case PAGES.domainProduct.path:
      return <DomainPage />;
    case PAGES.hostingProduct.path:
      return <HostingPage />;
    case PAGES.sslProduct.path:
      return <SslPage />;
    default:
      return <VpsPage />;
  }
}
