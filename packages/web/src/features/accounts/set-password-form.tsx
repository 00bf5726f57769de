import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZPassword } from '@kavel/core';
import { z } from 'zod';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { PasswordField } from './password-field.tsx';
import { isPasswordRuleMessage } from './password-rule.tsx';
import { withPasswordStrength } from './password-strength.ts';
import { applyServerErrors } from './server-field-errors.ts';

/** A new password typed twice; the mismatch message is a text key. */
const ZNewPassword = z
  .object({ password: ZPassword, passwordRepeat: z.string() })
  .refine((value) => value.password === value.passwordRepeat, { path: ['passwordRepeat'], error: 'password.mismatch' });

interface SetPasswordFormProps {
  submitLabel: string;
  /**
   * Resolves when done. A rejection's field error for the password shows at the field (a server
   * that judged it weaker than the page could); `error` is the text above the button.
   */
  onSubmit(password: string): Promise<void>;
  error: string | null;
}

/** Choosing a password from an e-mail link (activation without one, or a reset), with the live rule. */
export function SetPasswordForm({ submitLabel, onSubmit, error }: SetPasswordFormProps) {
  const t = useT();
  const locale = useLocale();
  const { register, control, handleSubmit, formState, setError } = useForm({ resolver: zodResolver(ZNewPassword), mode: 'onTouched', defaultValues: { password: '', passwordRepeat: '' } });
  const password = useWatch({ control, name: 'password' });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values.password);
    } catch (failure) {
      applyServerErrors(failure, setError, ['password'], t);
    }
  });
  const passwordError = formState.errors.password?.message;
  return (
    <form className="account-form" onSubmit={withPasswordStrength(submit)} noValidate data-testid="set-password-form">
      <PasswordField
        label={t('field.password')}
        autoComplete="new-password"
        maxLength={200}
        {...register('password')}
        rule={{ password, invalid: passwordError !== undefined }}
        error={isPasswordRuleMessage(passwordError, locale) ? null : fieldMessage(passwordError)}
      />
      <PasswordField label={t('field.passwordRepeat')} autoComplete="new-password" maxLength={200} {...register('passwordRepeat')} error={fieldMessage(formState.errors.passwordRepeat?.message)} />
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
