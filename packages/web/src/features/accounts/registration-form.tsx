import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMPTY_CUSTOMER_DATA_FORM, ZRegistrationDto, type TRegistrationDto } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { CaptchaWidget } from '../captcha/captcha-widget.tsx';
import { isCaptchaDemand } from '../captcha/captcha-demand.ts';
import { useCaptcha } from '../captcha/use-captcha.ts';
import { accountsApi } from './accounts-api.ts';
import { AddressFields, LoginDetailsFields, PersonFields, type RegistrationForm as Form } from './registration-fields.tsx';
import { withPasswordStrength } from './password-strength.ts';
import { applyServerErrors } from './server-field-errors.ts';

const DEFAULTS: TRegistrationDto = { ...EMPTY_CUSTOMER_DATA_FORM, isCompany: true, gender: 'M', birthDate: '', email: '', password: '' };
const FIELDS = Object.keys(DEFAULTS) as Path<TRegistrationDto>[];

/** Step 3 'New customer' (spec 000 sections 3 and 5): `POST /api/register-account`. */
export function RegistrationForm({ onRegistered }: { onRegistered(email: string): void }) {
  const t = useT();
  const form: Form = useForm({ resolver: zodResolver(ZRegistrationDto), mode: 'onTouched', defaultValues: DEFAULTS });
  const { formState, handleSubmit, setError } = form;
  const captcha = useCaptcha();
  const [banner, setBanner] = useState<string | null>(null);
  const [captchaDemanded, setCaptchaDemanded] = useState(false);
  const [captchaMissing, setCaptchaMissing] = useState(false);

  const submit = handleSubmit(async (registrationDto) => {
    setBanner(null);
    if (captcha.shown && !captcha.token) return setCaptchaMissing(true);
    setCaptchaMissing(false);
    try {
      const accepted = await accountsApi.register({ registrationDto, ...(captcha.token ? { captcha: captcha.token } : {}) });
      onRegistered(accepted.email);
    } catch (error) {
      // A token counts once, whatever the answer.
      captcha.reset();
      if (isCaptchaDemand(error)) {
        captcha.show();
        setCaptchaDemanded(true);
        return;
      }
      setBanner(applyServerErrors(error, setError, FIELDS, t, 'registrationDto'));
    }
  });

  return (
    <form className="account-form registration-form" onSubmit={withPasswordStrength(submit)} noValidate data-testid="registration-form">
      <PersonFields form={form} />
      <AddressFields form={form} />
      <LoginDetailsFields form={form} />
      {captcha.shown && (
        <div className="form-captcha">
          {captchaDemanded && <Alert tone="warning">{t('register.captchaDemanded')}</Alert>}
          <CaptchaWidget captcha={captcha} error={captchaMissing ? t('captcha.required') : null} />
        </div>
      )}
      {banner && (
        <Alert tone="danger" data-testid="registration-error">
          {banner}
        </Alert>
      )}
      <div className="form-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
