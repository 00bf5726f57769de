import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_PAGES } from '@kavel/core';
import { errorMessage } from '../../app/error-message.ts';
import { useLocation } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { AccountPageLayout } from './account-page-layout.tsx';
import { accountsApi } from './accounts-api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { isDeadLink, linkCheckContent, useLinkStatus } from './link-check.tsx';
import { SetPasswordForm } from './set-password-form.tsx';

/** `/account/wachtwoord-herstellen?token=`: a new password, typed twice, from the reset mail's link. */
export function ResetPasswordPage() {
  const t = useT();
  const token = useLocation().params.get('token') ?? '';
  const link = useLinkStatus('password-reset-link', token, accountsApi.passwordResetStatus);
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
  } else {
    content = linkCheckContent({ token, link, actionError: reset.error, requestNewLink: <ForgotPasswordForm headingLevel={2} title={t('resetPage.requestTitle')} />, t });
  }
  if (content === null) {
    content = (
      <div className="account-form">
        <p>{t('resetPage.intro')}</p>
        <SetPasswordForm submitLabel={t('resetPage.submit')} error={failure} onSubmit={(password) => reset.mutateAsync(password).then(() => undefined)} />
      </div>
    );
  }

  return (
    <AccountPageLayout title={t('resetPage.title')} data-testid="reset-page">
      {content}
    </AccountPageLayout>
  );
}
