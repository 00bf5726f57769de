import { useT } from '../../i18n/use-t.ts';
import { AccountPageLayout } from './account-page-layout.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

/** `/account/wachtwoord-vergeten`: the reminder on its own page (linked from the 'already registered' mail). */
export function ForgotPasswordPage() {
  const t = useT();
  return (
    <AccountPageLayout title={t('forgot.heading')} data-testid="forgot-password-page">
      <ForgotPasswordForm headingLevel={null} />
    </AccountPageLayout>
  );
}
