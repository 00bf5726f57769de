import { useDeferredValue, useEffect, useMemo } from 'react';
import { isPasswordGuessable, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, validationMessage, type Locale, type ValidationKey } from '@kavel/core';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { preloadPasswordStrength, usePasswordStrengthReady } from './password-strength.ts';

export const passwordRuleMet = (password: string): boolean => password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;

const RULES: readonly ValidationKey[] = ['passwordLength', 'passwordGuessable'];

/**
 * Whether a password error is one of the rules' own texts (the schema's key, or the server's
 * translation of it): the rule turns red instead of the text being repeated under the field.
 */
export const isPasswordRuleMessage = (message: string | undefined, locale: Locale): boolean =>
  message !== undefined && RULES.some((rule) => message === rule || message === validationMessage(locale, rule));

/**
 * 'Hard to guess' on the page: the shared schema's judge with the same words of the user; false
 * until the judge is loaded, and for a password past the length an attacker would not try.
 * `judging` while a typed password waits for the judge.
 */
function useHardToGuess(password: string, userInputs: readonly string[]): { met: boolean; judging: boolean } {
  const ready = usePasswordStrengthReady();
  // Judging takes a few milliseconds per keystroke: typing stays ahead of it.
  const judged = useDeferredValue(password);
  const inputsKey = userInputs.join('\n');
  // The judge (about 170 kB) starts loading when the form opens, so on a slow line it is in
  // before a password is typed; a failed load is tried again once one is (a password manager too).
  useEffect(() => preloadPasswordStrength(), []);
  useEffect(() => {
    if (judged && !ready) preloadPasswordStrength();
  }, [judged, ready]);
  const met = useMemo(
    () => ready && judged.length > 0 && judged.length <= PASSWORD_MAX_LENGTH && isPasswordGuessable(judged, inputsKey ? inputsKey.split('\n') : []) === false,
    [ready, judged, inputsKey],
  );
  return { met, judging: !ready && password.length > 0 };
}

interface PasswordRuleProps {
  id: string;
  password: string;
  /** The form was sent with a password that breaks a rule: an unmet rule shows red until it is met. */
  invalid: boolean;
  /** Words of the user (e-mail, names) that make a password guessable, as the schema judges it. */
  userInputs?: readonly string[];
}

/**
 * The live rules under a new password: 'Between 14 and 40 characters' and 'Hard to guess', each
 * ticked and green once met. The state is told to screen readers by a separate text (the input
 * refers to both), so each rule's own text stays the rule.
 */
export function PasswordRule({ id, password, invalid, userInputs = [] }: PasswordRuleProps) {
  const lengthMet = passwordRuleMet(password);
  const hardToGuess = useHardToGuess(password, userInputs);
  return (
    <div className="password-rules">
      <RuleLine id={id} testId="password-rule" rule="passwordLength" met={lengthMet} invalid={invalid} />
      <RuleLine id={`${id}-strength`} testId="password-strength-rule" rule="passwordGuessable" met={hardToGuess.met} judging={hardToGuess.judging} invalid={invalid} />
    </div>
  );
}

/** The ids of the rule texts and their states, for the input's `aria-describedby`. */
export const passwordRuleIds = (id: string): string => `${id} ${id}-state ${id}-strength ${id}-strength-state`;

function RuleLine({ id, testId, rule, met, judging = false, invalid }: { id: string; testId: string; rule: ValidationKey; met: boolean; judging?: boolean; invalid: boolean }) {
  const t = useT();
  const locale = useLocale();
  const className = ['password-rule', met ? 'is-met' : invalid ? 'is-invalid' : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <p className="password-rule__text" id={id} data-testid={testId} data-met={met} data-judging={judging || undefined}>
        {validationMessage(locale, rule)}
      </p>
      <span className="sr-only" id={`${id}-state`}>
        {t(met ? 'password.ruleMet' : 'password.ruleUnmet')}
      </span>
    </div>
  );
}
