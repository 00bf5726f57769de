import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { PasswordRule, passwordRuleIds } from './password-rule.tsx';
import { preloadPasswordStrength } from './password-strength.ts';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null;
  errorTestId?: string;
  /**
   * The value, for the live rules under a new password (14 to 40 characters, hard to guess, judged
   * with the user's own words); leave out on a login form.
   */
  rule?: { password: string; invalid: boolean; userInputs?: readonly string[] };
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a show/hide toggle and, for a new password, the live rules; focusing a new
 * password starts loading the strength judge, so it is there by the time the first letters are.
 */
export function PasswordField({ label, error, errorTestId, rule, className, onFocus, ...input }: PasswordFieldProps) {
  const t = useT();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const ruleId = `${id}-rule`;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [rule ? passwordRuleIds(ruleId) : null, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', 'password-field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="password-field__control">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
          className="field__input"
          aria-invalid={error || rule?.invalid ? true : undefined}
          aria-describedby={describedBy}
          onFocus={(event) => {
            if (rule) preloadPasswordStrength();
            onFocus?.(event);
          }}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <button type="button" className="password-field__toggle" aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {t(visible ? 'password.hide' : 'password.show')}
        </button>
      </div>
      {rule && <PasswordRule id={ruleId} password={rule.password} invalid={rule.invalid} userInputs={rule.userInputs} />}
      {error && (
        <p className="field__error" id={errorId} data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
