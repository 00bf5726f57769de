import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ZLoginFailure, ZLoginRequest } from '@kavel/core';
import { refusalAs } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { CaptchaWidget } from '../captcha/captcha-widget.tsx';
import { useCaptcha } from '../captcha/use-captcha.ts';
import { accountsApi } from './accounts-api.ts';
import { PasswordField } from './password-field.tsx';
import { applyServerErrors } from './server-field-errors.ts';
import { markLoggedIn } from './use-auth.ts';

interface LoginFormProps {
  onLoggedIn(): void;
  onForgotPassword(): void;
}

/**
 * Step 3 'I am already a customer': `POST /api/login`. A refusal's message shows under the
 * password field; when the server says so, a captcha joins the form and its token is sent as
 * `g-recaptcha-response`.
 */
export function LoginForm({ onLoggedIn, onForgotPassword }: LoginFormProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState, setError, setFocus, getValues } = useForm({ resolver: zodResolver(ZLoginRequest), defaultValues: { username: '', password: '' } });
  const captcha = useCaptcha(false, { username: () => getValues('username') });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);

  const submit = handleSubmit(async ({ username, password }) => {
    setRefusal(null);
    setBanner(null);
    if (captcha.shown && !captcha.token) return setCaptchaMissing(true);
    setCaptchaMissing(false);
    try {
      const login = await accountsApi.login({ username, password, ...(captcha.token ? { 'g-recaptcha-response': captcha.token } : {}) });
      onLoggedIn();
      markLoggedIn(queryClient, login.customer);
    } catch (error) {
      captcha.reset();
      const failure = refusalAs(error, ZLoginFailure);
      if (failure) {
        setRefusal(failure.message);
        if (failure.showLoginCaptcha) captcha.show();
        setFocus('password', { shouldSelect: true });
        return;
      }
      setBanner(applyServerErrors(error, setError, ['username', 'password'], t));
    }
  });

  const passwordError = fieldMessage(formState.errors.password?.message);
  return (
    <form className="account-form login-form" onSubmit={(event) => void submit(event)} noValidate data-testid="login-form">
      <Field label={t('field.email')} type="email" autoComplete="username" {...register('username')} error={fieldMessage(formState.errors.username?.message)} />
      <PasswordField
        label={t('field.password')}
        autoComplete="current-password"
        {...register('password')}
        error={passwordError ?? refusal}
        errorTestId={passwordError ? undefined : 'login-error'}
      />
      {captcha.shown && <CaptchaWidget captcha={captcha} error={captchaMissing ? t('captcha.required') : null} />}
      {banner && <Alert tone="danger">{banner}</Alert>}
      <div className="form-actions form-actions--spread">
        <Button type="submit" busy={formState.isSubmitting}>
          {t('login.submit')}
        </Button>
        <Button variant="ghost" onClick={onForgotPassword} data-testid="forgot-password-link">
          {t('login.forgot')}
        </Button>
      </div>
    </form>
  );
}
