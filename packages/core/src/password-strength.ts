/**
 * The 'hard to guess' password rule. The judge is zxcvbn with its dictionaries (common passwords,
 * English and Dutch words and names, keyboard layouts): several megabytes, so this module only
 * holds the rule and the slot the judge is put in. `@kavel/core/password-estimator` builds the
 * judge; the server installs it at start, the browser loads and installs it when a new-password
 * field is first used. The schemas (`ZPassword`, the registration) ask `isPasswordGuessable`, so
 * server and page refuse the same passwords with the same message.
 */

/**
 * zxcvbn's score runs from 0 (too guessable) to 4 (very unguessable). 3 means more than 10^8
 * guesses needed: safe against online guessing and moderate against an offline attack on the
 * slow hash, zxcvbn's own advice for a minimum.
 */
export const PASSWORD_MIN_STRENGTH_SCORE = 3;

/** Scores a password from 0 to 4, given words of the user (name, e-mail) that count as known. */
export type PasswordStrengthEstimator = (password: string, userInputs: readonly string[]) => number;

let installed: PasswordStrengthEstimator | null = null;

/** Puts the judge in place (once per process or page; a later call replaces it). */
export function installPasswordStrengthEstimator(estimator: PasswordStrengthEstimator): void {
  installed = estimator;
}

export function passwordStrengthReady(): boolean {
  return installed !== null;
}

/**
 * Whether the password is too easy to guess; null while no judge is installed (a page that has
 * not loaded it yet lets the server decide).
 */
export function isPasswordGuessable(password: string, userInputs: readonly string[] = []): boolean | null {
  if (!installed) return null;
  return installed(password, userInputs) < PASSWORD_MIN_STRENGTH_SCORE;
}

/** The shop's own name, a word every attacker of this shop tries first. */
const SITE_WORDS = ['kavel'];

/**
 * The words of a registration that a password must not lean on: each value whole and cut into its
 * parts (`anna.de-bakker@example.nl` gives `anna`, `bakker`, `example`, ...).
 */
export function passwordUserInputs(values: Readonly<Record<string, string | undefined>>): string[] {
  const words = new Set(SITE_WORDS);
  for (const value of Object.values(values)) {
    const whole = (value ?? '').trim().toLowerCase();
    if (!whole) continue;
    words.add(whole);
    for (const part of whole.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}
