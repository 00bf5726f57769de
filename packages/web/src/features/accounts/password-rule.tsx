import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validationMessage } from '@kavel/core';
import { useLocale, useT } from '../../i18n/use-t.ts';

export const passwordRuleMet = (password: string): boolean => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;

interface PasswordRuleProps {
  id: string;
  password: string;
  /** The form was sent with a password that breaks the rule: shown in red until it is met. */
  invalid: boolean;
}

/**
 * The live rule under a new password: 'Between 14 and 40 characters', ticked and green once met.
 * The state is told to screen readers by a separate text (the input refers to both), so the
 * rule's own text stays the rule.
 */
export function PasswordRule({ id, password, invalid }: PasswordRuleProps) {
  const t = useT();
  const locale = useLocale();
  const met = passwordRuleMet(password);
  const className = ['password-rule', met ? 'is-met' : invalid ? 'is-invalid' : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <p className="password-rule__text" id={id} data-testid="password-rule" data-met={met}>
        {validationMessage(locale, 'passwordLength')}
      </p>
      <span className="sr-only" id={`${id}-state`}>
        {t(met ? 'password.ruleMet' : 'password.ruleUnmet')}
      </span>
    </div>
  );
}
