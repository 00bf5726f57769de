import type { AccountState } from '../../db/schema/index.ts';

export type { AccountState } from '../../db/schema/index.ts';

/** What can happen to an account. */
export type AccountEvent =
  /** The address was proven: the activation link (or a password-reset link) was followed. */
  | 'activate'
  /** Support blocks the account. */
  | 'lock'
  | 'unlock';

/** The account lifecycle as data: which event moves which state where. Anything else is refused. */
export const ACCOUNT_TRANSITIONS: Readonly<Record<AccountState, Partial<Record<AccountEvent, AccountState>>>> = {
  awaiting_activation: { activate: 'active', lock: 'locked' },
  active: { lock: 'locked' },
  locked: { unlock: 'active' },
};

/** The state after `event`, or null when the event does not apply in `state`. */
export function nextState(state: AccountState, event: AccountEvent): AccountState | null {
  return ACCOUNT_TRANSITIONS[state][event] ?? null;
}

/** What a login with the right password leads to in each state. */
export const LOGIN_BY_STATE: Readonly<Record<AccountState, 'allowed' | 'notActivated' | 'locked'>> = {
  awaiting_activation: 'notActivated',
  active: 'allowed',
  locked: 'locked',
};
