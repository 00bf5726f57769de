import {
  contracts,
  type TActivationLinkStatus,
  type TAuthState,
  type TInfoMessage,
  type TLoginSuccess,
  type TPasswordResetLinkStatus,
  type TRegistrationAccepted,
  type ZActivateRequest,
  type ZLoginRequest,
  type ZOrderAppRegistrationRequest,
  type ZPasswordResetLinkRequest,
  type ZRegisterAccountRequest,
  type ZSetPasswordRequest,
} from '@kavel/core';
import type { z } from 'zod';
import { call } from '../../api/client.ts';

type Body<S extends z.ZodType> = z.output<S>;

/** The accounts calls (spec 000 section 7 'Auth', spec 001 section 7), answers parsed with the core schemas. */
export const accountsApi = {
  me: (): Promise<TAuthState> => call(contracts.me),
  login: (body: Body<typeof ZLoginRequest>): Promise<TLoginSuccess> => call(contracts.login, { body }),
  logout: (): Promise<TAuthState> => call(contracts.logout),

  register: (body: Body<typeof ZRegisterAccountRequest>): Promise<TRegistrationAccepted> => call(contracts.register, { body }),
  resendActivation: async (email: string): Promise<void> => {
    await call(contracts.resendActivation, { body: { email } });
  },
  activationStatus: (token: string): Promise<TActivationLinkStatus> => call(contracts.activationStatus, { query: { token } }),
  activate: (body: Body<typeof ZActivateRequest>): Promise<TLoginSuccess> => call(contracts.activate, { body }),

  requestPasswordReset: (body: Body<typeof ZPasswordResetLinkRequest>): Promise<TInfoMessage> => call(contracts.requestPasswordReset, { body }),
  passwordResetStatus: (token: string): Promise<TPasswordResetLinkStatus> =>
    call(contracts.passwordResetStatus, { query: { token } }),
  resetPassword: (body: Body<typeof ZSetPasswordRequest>): Promise<TInfoMessage> => call(contracts.resetPassword, { body }),

  orderAppRegister: (body: Body<typeof ZOrderAppRegistrationRequest>): Promise<TRegistrationAccepted> => call(contracts.orderAppRegister, { body }),
  orderAppResendActivation: async (email: string): Promise<void> => {
    await call(contracts.orderAppResendActivation, { body: { email } });
  },
};
