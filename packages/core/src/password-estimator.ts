import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs } from '@zxcvbn-ts/language-common';
import { decodePasswordList } from './password-dictionary/decode.ts';
import { PASSWORD_LISTS } from './password-dictionary/lists.generated.ts';
import type { PasswordStrengthEstimator } from './password-strength.ts';

/**
 * The zxcvbn judge of `password-strength.ts`, with the keyboard layouts and trimmed lists of common
 * passwords and English and Dutch words and names (`password-dictionary/`): about 350 kB of script
 * (170 kB brotli), so not part of core's index. The server and the page both run this one judge
 * (`@kavel/core/password-estimator`); the page loads it when a form with a new password opens.
 * No I/O: the lists are a module.
 */
export function createPasswordStrengthEstimator(): PasswordStrengthEstimator {
  const dictionary: Record<string, string[]> = {};
  for (const [name, encoded] of Object.entries(PASSWORD_LISTS)) dictionary[name] = decodePasswordList(encoded);
  const zxcvbn = new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary,
    // zxcvbn tries up to 100 l33t readings ('@' as 'a', '1' as 'i' or 'l') by default: a 40-character
    // password of such signs then costs over a second of CPU, a gift to anyone flooding the
    // registration. 5 still reads `p@ssw0rd` and `W@chtw00rd` and keeps the worst case near 50 ms.
    l33tMaxSubstitutions: 5,
  });
  return (password, userInputs) => zxcvbn.check(password, [...userInputs]).score;
}
