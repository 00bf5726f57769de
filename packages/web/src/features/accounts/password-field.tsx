import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { PasswordRule } from './password-rule.tsx';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | null;
  errorTestId?: string;
  /** The value, for the live 14-40 rule under a new password; leave out on a login form. */
  rule?: { password: string; invalid: boolean };
  ref?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle and, for a new password, the live length rule. */
export function PasswordField({ label, error, errorTestId, rule, className, ...input }: PasswordFieldProps) {
  const t = useT();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const ruleId = `${id}-rule`;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [rule ? `${ruleId} ${ruleId}-state` : null, errorId].filter(Boolean).join(' ') || undefined;
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
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <button type="button" className="password-field__toggle" aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {t(visible ? 'password.hide' : 'password.show')}
        </button>
      </div>
      {rule && <PasswordRule id={ruleId} password={rule.password} invalid={rule.invalid} />}
      {error && (
        <p className="field__error" id={errorId} data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
