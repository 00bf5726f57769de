import { useMutation, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PAGES } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import { useLocation } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AccountPageLayout } from './account-page-layout.tsx';
import { accountsApi } from './accounts-api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

const isDeadLink = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 404);

/** `/account/wachtwoord-herstellen?token=`: a new password, typed twice, from the reset mail's link. */
export function ResetPasswordPage() {
  const t = useT();
  const token = useLocation().params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () => accountsApi.passwordResetStatus(token),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });
  const reset = useMutation({
    mutationFn: (password: string) => accountsApi.resetPassword({ token, password }),
    meta: { inlineErrors: true },
  });
  const failure = reset.error && !isDeadLink(reset.error) ? errorMessage(reset.error, t) : null;

  let content;
  if (reset.isSuccess) {
    content = (
      <div className="account-form">
        <Alert tone="success" data-testid="reset-message">
          {t('resetPage.done')}
        </Alert>
        <div className="form-actions">
          <a className="button button--primary button--md" href={ACCOUNT_PAGES.login}>
            {t('resetPage.login')}
          </a>
        </div>
      </div>
    );
  } else if (token.length >= 10 && link.isPending) {
    content = <Spinner label={t('common.loading')} />;
  } else if (link.isError && !isDeadLink(link.error)) {
    content = (
      <div className="inline-error" role="alert">
        <p>{errorMessage(link.error, t)}</p>
        <Button variant="secondary" size="sm" onClick={() => void link.refetch()}>
          {t('error.retry')}
        </Button>
      </div>
    );
  } else if (!link.data?.valid || isDeadLink(reset.error)) {
    content = (
      <div className="account-form">
        <Alert tone="warning" data-testid="dead-link">
          {t('link.dead')}
        </Alert>
        <ForgotPasswordForm headingLevel={2} title={t('resetPage.requestTitle')} />
      </div>
    );
  } else {
    content = (
      <div className="account-form">
        <p>{t('resetPage.intro')}</p>
        <SetPasswordForm submitLabel={t('resetPage.submit')} error={failure} onSubmit={(password) => reset.mutateAsync(password).then(() => undefined, () => undefined)} />
      </div>
    );
  }

  return (
    <AccountPageLayout title={t('resetPage.title')} data-testid="reset-page">
      {content}
    </AccountPageLayout>
  );
}
