import { type TActivationLinkStatus, type TInfoMessage, type TLoginSuccess, type TPasswordResetLinkStatus, type TRegistrationAccepted, type ZActivateRequest, type ZLoginRequest, type ZOrderAppRegistrationRequest, type ZPasswordResetLinkRequest, type ZRegisterAccountRequest, type ZSetPasswordRequest } from '@kavel/core';
import { accountContracts } from '@kavel/core/contracts/accounts';
import type { z } from 'zod';
import { call } from '../../api/client.ts';

type Body<S extends z.ZodType> = z.output<S>;

/** The accounts calls (spec 000 section 7 'Auth', spec 001 section 7), answers parsed with the core schemas. */
export const accountsApi = {
  login: (body: Body<typeof ZLoginRequest>): Promise<TLoginSuccess> => call(accountContracts.login, { body }),

  register: (body: Body<typeof ZRegisterAccountRequest>): Promise<TRegistrationAccepted> => call(accountContracts.register, { body }),
  resendActivation: async (email: string): Promise<void> => {
    await call(accountContracts.resendActivation, { body: { email } });
  },
  activationStatus: (token: string): Promise<TActivationLinkStatus> => call(accountContracts.activationStatus, { query: { token } }),
  activate: (body: Body<typeof ZActivateRequest>): Promise<TLoginSuccess> => call(accountContracts.activate, { body }),

  requestPasswordReset: (body: Body<typeof ZPasswordResetLinkRequest>): Promise<TInfoMessage> => call(accountContracts.requestPasswordReset, { body }),
  passwordResetStatus: (token: string): Promise<TPasswordResetLinkStatus> =>
    call(accountContracts.passwordResetStatus, { query: { token } }),
  resetPassword: (body: Body<typeof ZSetPasswordRequest>): Promise<TInfoMessage> => call(accountContracts.resetPassword, { body }),

  orderAppRegister: (body: Body<typeof ZOrderAppRegistrationRequest>): Promise<TRegistrationAccepted> => call(accountContracts.orderAppRegister, { body }),
  orderAppResendActivation: async (email: string): Promise<void> => {
    await call(accountContracts.orderAppResendActivation, { body: { email } });
  },
};
