import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import type { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** Shorter tokens are never valid: the link is not even asked about. */
const MIN_TOKEN_LENGTH = 10;

/** The server's answer for a link that expired, was used, or never existed. */
export const isDeadLink = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 404);

/** Asks once whether the e-mailed link (`token`) still works. */
export function useLinkStatus<T extends { valid: boolean }>(name: string, token: string, fetchStatus: (token: string) => Promise<T>): UseQueryResult<T> {
  return useQuery({
    queryKey: [name, token],
    queryFn: () => fetchStatus(token),
    enabled: token.length >= MIN_TOKEN_LENGTH,
    retry: false,
    staleTime: Infinity,
  });
}

interface LinkCheckProps {
  token: string;
  link: UseQueryResult<{ valid: boolean }>;
  /** The failure of what the page does with the link (activate, reset): a dead link there counts too. */
  actionError: unknown;
  /** What a visitor with a dead link can do instead: ask for a new one. */
  requestNewLink: ReactNode;
  t: ReturnType<typeof useT>;
}

/**
 * What an e-mailed link's page shows while the link is checked, when checking failed, or when the
 * link is dead; null once the link is good and the page's own form can show.
 */
export function linkCheckContent({ token, link, actionError, requestNewLink, t }: LinkCheckProps): ReactNode | null {
  if (token.length >= MIN_TOKEN_LENGTH && link.isPending) return <Spinner label={t('common.loading')} />;
  if (link.isError && !isDeadLink(link.error)) {
    return (
      <div className="inline-error" role="alert">
        <p>{errorMessage(link.error, t)}</p>
        <Button variant="secondary" size="sm" onClick={() => void link.refetch()}>
          {t('error.retry')}
        </Button>
      </div>
    );
  }
  if (!link.data?.valid || isDeadLink(actionError)) {
    return (
      <div className="account-form">
        <Alert tone="warning" data-testid="dead-link">
          {t('link.dead')}
        </Alert>
        {requestNewLink}
      </div>
    );
  }
  return null;
}
