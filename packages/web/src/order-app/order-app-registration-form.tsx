import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZOrderAppRegistrationRequest } from '@kavel/core';
import { navigate } from '../app/router.ts';
import { fieldMessage } from '../i18n/use-field-message.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { accountsApi } from '../features/accounts/accounts-api.ts';
import { applyServerErrors } from '../features/accounts/server-field-errors.ts';
import { CaptchaWidget } from '../features/captcha/captcha-widget.tsx';
import { isCaptchaDemand } from '../features/captcha/captcha-demand.ts';
import { useCaptcha } from '../features/captcha/use-captcha.ts';
import { ORDER_APP_PATHS } from './order-app-paths.ts';
import { rememberRegisteredEmail } from './registered-email.ts';

const ZRegistrationRequest = ZOrderAppRegistrationRequest.shape.registrationRequest;

/**
 * The order app's short registration (`POST /api/bestellen/registreren`); the password is chosen
 * through the e-mail's link. A 401 `showRegistrationCaptcha` shows the captcha and resets it.
 */
export function OrderAppRegistrationForm() {
  const t = useT();
  const captcha = useCaptcha();
  const { register, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(ZRegistrationRequest), defaultValues: { email: '', firstname: '', lastname: '' } });
  const [demanded, setDemanded] = useState(false);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);

  const submit = handleSubmit(async (registrationRequest) => {
    setBanner(null);
    if (captcha.shown && !captcha.token) return setCaptchaMissing(true);
    setCaptchaMissing(false);
    try {
      const accepted = await accountsApi.orderAppRegister({ registrationRequest, ...(captcha.token ? { captcha: captcha.token } : {}) });
      rememberRegisteredEmail(accepted.email);
      navigate(ORDER_APP_PATHS.successfullyRegistered);
    } catch (error) {
      captcha.reset();
      if (isCaptchaDemand(error)) {
        captcha.show();
        setDemanded(true);
        return;
      }
      setBanner(applyServerErrors(error, setError, ['email', 'firstname', 'lastname'], t, 'registrationRequest'));
    }
  });

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate data-testid="order-app-registration-form">
      <Field label={t('field.email')} type="email" autoComplete="email" {...register('email')} error={fieldMessage(formState.errors.email?.message)} />
      <div className="form-row">
        <Field label={t('field.firstName')} autoComplete="given-name" {...register('firstname')} error={fieldMessage(formState.errors.firstname?.message)} />
        <Field label={t('field.lastName')} autoComplete="family-name" {...register('lastname')} error={fieldMessage(formState.errors.lastname?.message)} />
      </div>
      {captcha.shown && (
        <div className="form-captcha">
          {demanded && <Alert tone="warning">{t('register.captchaDemanded')}</Alert>}
          <CaptchaWidget captcha={captcha} error={captchaMissing ? t('captcha.required') : null} />
        </div>
      )}
      {banner && <Alert tone="danger">{banner}</Alert>}
      <div className="form-actions">
        <Button type="submit" variant="secondary" busy={formState.isSubmitting}>
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
