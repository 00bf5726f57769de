import { Link } from 'react-router';
import { PAGES } from '@kavel/core';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error.ts';
import { canRetry, errorMessage } from '../../app/error-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ACCOUNT_AREA_PAGES } from './account-area-paths.ts';

interface AccountListProps<T> {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (item: T) => ReactNode;
  'data-testid': string;
}

/** One of the account lists: loading, a failure with 'try again', an empty text, or the items. */
export function AccountList<T>({ query, empty, children, 'data-testid': testId }: AccountListProps<T>) {
  const t = useT();
  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <p className="account-area__empty" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="account-list" data-testid={testId}>
      {query.data.map(children)}
    </ul>
  );
}

/** The account's domain list: where a domain page leads back to. */
export const DOMAIN_LIST_PATH = PAGES.accountDomains.path;

/** Where a page that cannot be shown leads back to; `notFound` says what was not found, in place of the server's 'Niet gevonden.'. */
export interface WayBack {
  href: string;
  label: string;
  notFound?: string;
}

/**
 * A call that failed: its message, and 'try again' where that can help; otherwise the way back
 * (`back`, else the account's overview), since a retry of a refusal can never succeed.
 */
export function LoadFailure({ error, onRetry, back }: { error: unknown; onRetry: () => void; back?: WayBack }) {
  const t = useT();
  if (canRetry(error)) {
    return (
      <div className="inline-error" role="alert" data-testid="load-failure">
        <p>{errorMessage(error, t)}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </div>
    );
  }
  const way = back ?? { href: ACCOUNT_AREA_PAGES[0].path, label: t('error.backToAccount') };
  const notFound = error instanceof ApiError && error.status === 404 && way.notFound;
  return (
    <div className="inline-error" role="alert" data-testid="load-failure">
      <p>{notFound || errorMessage(error, t)}</p>
      <p>
        <Link to={way.href} data-testid="load-failure-back">
          {way.label}
        </Link>
      </p>
    </div>
  );
}

/** A label and its value in an account item. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="account-item__detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What can be done with an account item, as links; `context` (e.g. 'voor mijnbakkerij.nl') tells a screen reader which item. */
export function ItemLinks({ links, context }: { links: readonly { href: string; label: string }[]; context: string }) {
  return (
    <ul className="account-item__actions">
      {links.map((link) => (
        <li key={link.href}>
          <Link className="account-item__action" to={link.href}>
            {link.label}
            <span className="sr-only"> {context}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A domain page opened without `?name=`: says so, with the way to the domain list. */
export function NoDomainChosen({ text, back }: { text: string; back: string }) {
  return (
    <p className="account-area__empty">
      {text}{' '}
      <Link to={DOMAIN_LIST_PATH}>
        {back}
      </Link>
    </p>
  );
}
