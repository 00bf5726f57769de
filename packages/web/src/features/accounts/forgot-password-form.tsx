import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZEmailRequest } from '@kavel/core';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CaptchaWidget } from '../captcha/captcha-widget.tsx';
import { isCaptchaDemand } from '../captcha/captcha-demand.ts';
import { useCaptcha } from '../captcha/use-captcha.ts';
import { accountsApi } from './accounts-api.ts';

interface ForgotPasswordFormProps {
  /** 'Back to log in', when the form replaced a login form. */
  onBack?: () => void;
  /** The form's heading level in the place it sits, or none (a page that is this form). */
  headingLevel?: 2 | 3 | null;
  /** Instead of 'Forgot your password?' (after a dead reset link: 'Request a new link'). */
  title?: string;
}

/**
 * The password reminder: `POST /api/login/send-password-reset-link`. The answer's message replaces
 * the form; a captcha demand shows the captcha (Send stays disabled until it is solved); any other
 * refusal appears under the e-mail field (spec 000 section 8).
 */
export function ForgotPasswordForm({ onBack, headingLevel = 3, title }: ForgotPasswordFormProps) {
  const t = useT();
  const { register, handleSubmit, formState, setError, setFocus } = useForm({ resolver: zodResolver(ZEmailRequest), defaultValues: { email: '' } });
  const captcha = useCaptcha();
  const [demanded, setDemanded] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';


  // Opened from the login form, which it replaced: continue where the visitor was.
  const replacedLogin = onBack !== undefined;
  useEffect(() => {
    if (replacedLogin) setFocus('email');
  }, [replacedLogin, setFocus]);

  const submit = handleSubmit(async ({ email }) => {
    try {
      const answer = await accountsApi.requestPasswordReset({ email, ...(captcha.token ? { 'g-recaptcha-response': captcha.token } : {}) });
      setSent(answer.message || t('forgot.sent'));
    } catch (error) {
      captcha.reset();
      if (isCaptchaDemand(error)) {
        captcha.show();
        setDemanded(true);
        return;
      }
      const message = (error instanceof ApiError && error.body.fieldErrors?.email) || errorMessage(error, t);
      setError('email', { type: 'server', message }, { shouldFocus: true });
    }
  });

  if (sent) {
    return (
      <div className="account-form">
        <Alert tone="success" data-testid="reset-message">
          {sent}
        </Alert>
        {onBack && (
          <div className="form-actions">
            <Button variant="secondary" onClick={onBack}>
              {t('forgot.back')}
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <form className="account-form forgot-password-form" onSubmit={(event) => void submit(event)} noValidate data-testid="forgot-password-form">
      {headingLevel !== null && <Heading className="account-form__title">{title ?? t('forgot.heading')}</Heading>}
      <p className="muted">{t('forgot.intro')}</p>
      <Field label={t('field.email')} type="email" autoComplete="email" {...register('email')} error={fieldMessage(formState.errors.email?.message)} />
      {captcha.shown && (
        <div className="form-captcha">
          {demanded && <Alert tone="warning">{t('forgot.captchaDemanded')}</Alert>}
          <CaptchaWidget captcha={captcha} />
        </div>
      )}
      <div className="form-actions form-actions--spread">
        <Button type="submit" busy={formState.isSubmitting} disabled={captcha.shown && !captcha.token}>
          {t('forgot.submit')}
        </Button>
        {onBack && (
          <Button variant="ghost" onClick={onBack}>
            {t('forgot.back')}
          </Button>
        )}
      </div>
    </form>
  );
}
