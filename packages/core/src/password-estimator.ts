import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { dictionary as dutchDictionary } from '@zxcvbn-ts/language-nl-be';
import type { PasswordStrengthEstimator } from './password-strength.ts';

/**
 * The zxcvbn judge of `password-strength.ts`, with the common passwords and keyboard layouts and
 * the English and Dutch word and name lists. Not part of core's index: it is megabytes of data
 * that the browser loads only when a new password is typed (`@kavel/core/password-estimator`).
 * No I/O: the dictionaries are modules.
 */
export function createPasswordStrengthEstimator(): PasswordStrengthEstimator {
  const zxcvbn = new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary, ...dutchLists() },
    // zxcvbn tries up to 100 l33t readings ('@' as 'a', '1' as 'i' or 'l') by default: a 40-character
    // password of such signs then costs over a second of CPU, a gift to anyone flooding the
    // registration. 5 still reads `p@ssw0rd` and `W@chtw00rd` and keeps the worst case near 50 ms.
    l33tMaxSubstitutions: 5,
  });
  return (password, userInputs) => zxcvbn.check(password, [...userInputs]).score;
}

/**
 * The Dutch package is of the previous format (each list one comma-separated string, keys without
 * a language suffix): split, and suffixed so they sit beside the English lists instead of
 * replacing them.
 */
function dutchLists(): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(dutchDictionary as Record<string, string | string[]>)) {
    lists[`${name}-nl`] = typeof list === 'string' ? list.split(',') : list;
  }
  return lists;
}
