import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_PAGES, ZLoginRequest, type TLoginFormError } from '@kavel/core';
import { accountContracts } from '@kavel/core/contracts/accounts';
import { formCsrfToken } from '../api/client.ts';
import { fieldMessage } from '../i18n/use-field-message.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';
import { CaptchaWidget } from '../features/captcha/captcha-widget.tsx';
import { useCaptcha } from '../features/captcha/use-captcha.ts';
import { PasswordField } from '../features/accounts/password-field.tsx';

const LOGIN_ERROR_TEXTS = {
  invalid: 'orderApp.login.invalid',
  captcha: 'orderApp.login.invalid',
  locked: 'orderApp.login.locked',
  wait: 'orderApp.login.wait',
} as const satisfies Record<TLoginFormError, string>;

/**
 * The order app's login (spec 001 section 2): a real form post to `/login` with `_csrf`,
 * `from=shop`, `username` and `password`, and `returnTo` when a page sent the customer here. The
 * server answers with a redirect: that page (or the order app) on success, this page with
 * `loginError` otherwise. Checked here first so an empty field is
 * reported in place rather than by a round trip.
 */
export function OrderAppLoginForm({ loginError, returnTo = null }: { loginError: TLoginFormError | null; returnTo?: string | null }) {
  const t = useT();
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, formState, getValues } = useForm({ resolver: zodResolver(ZLoginRequest), defaultValues: { username: '', password: '' } });
  const captcha = useCaptcha(loginError === 'captcha', { username: () => getValues('username') });

  // Back from the next page out of the back-forward cache: the post is over, the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const post = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const checked = handleSubmit(() => {
      if (captcha.shown && !captcha.token) return setCaptchaMissing(true);
      // The token as it is now (a login or logout elsewhere rotates it).
      const csrf = form.elements.namedItem('_csrf');
      if (csrf instanceof HTMLInputElement) csrf.value = formCsrfToken();
      setSending(true);
      form.submit();
    });
    void checked(event);
  };

  return (
    <form className="account-form" method="post" action={accountContracts.loginForm.path} onSubmit={post} noValidate data-testid="order-app-login-form">
      <input type="hidden" name="_csrf" defaultValue={formCsrfToken()} />
      <input type="hidden" name="from" value="shop" />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      {loginError && (
        <Alert tone="danger" data-testid="login-error">
          <p>{t(LOGIN_ERROR_TEXTS[loginError])}</p>
          {loginError === 'captcha' && <p>{t('orderApp.login.captcha')}</p>}
        </Alert>
      )}
      <Field label={t('field.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...register('username')} error={fieldMessage(formState.errors.username?.message)} />
      <PasswordField label={t('field.password')} autoComplete="current-password" {...register('password')} error={fieldMessage(formState.errors.password?.message)} />
      {captcha.shown && (
        <>
          <CaptchaWidget captcha={captcha} error={captchaMissing ? t('captcha.required') : null} />
          <input type="hidden" name="g-recaptcha-response" value={captcha.token ?? ''} />
        </>
      )}
      <div className="form-actions form-actions--spread">
        <Button type="submit" busy={sending}>
          {t('login.submit')}
        </Button>
        <a href={ACCOUNT_PAGES.forgotPassword}>{t('login.forgot')}</a>
      </div>
    </form>
  );
}
