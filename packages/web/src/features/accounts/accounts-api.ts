import {
  ZActivationLinkStatus,
  ZAuthState,
  ZInfoMessage,
  ZLoginSuccess,
  ZPasswordResetLinkStatus,
  ZRegistrationAccepted,
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
import { apiRequest, apiSend } from '../../api/client.ts';

type Body<S extends z.ZodType> = z.output<S>;
const withToken = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

/** The accounts calls (spec 000 section 7 'Auth', spec 001 section 7), answers parsed with the core schemas. */
export const accountsApi = {
  me: (): Promise<TAuthState> => apiRequest('GET', '/api/account/me', ZAuthState),
  login: (request: Body<typeof ZLoginRequest>): Promise<TLoginSuccess> => apiRequest('POST', '/api/login', ZLoginSuccess, request),
  logout: (): Promise<TAuthState> => apiRequest('POST', '/api/logout', ZAuthState),

  register: (request: Body<typeof ZRegisterAccountRequest>): Promise<TRegistrationAccepted> =>
    apiRequest('POST', '/api/register-account', ZRegistrationAccepted, request),
  resendActivation: (email: string): Promise<void> => apiSend('POST', '/api/register-account/send-activation-link', { email }),
  activationStatus: (token: string): Promise<TActivationLinkStatus> => apiRequest('GET', withToken('/api/account/activation', token), ZActivationLinkStatus),
  activate: (request: Body<typeof ZActivateRequest>): Promise<TLoginSuccess> => apiRequest('POST', '/api/account/activate', ZLoginSuccess, request),

  requestPasswordReset: (request: Body<typeof ZPasswordResetLinkRequest>): Promise<TInfoMessage> =>
    apiRequest('POST', '/api/login/send-password-reset-link', ZInfoMessage, request),
  passwordResetStatus: (token: string): Promise<TPasswordResetLinkStatus> =>
    apiRequest('GET', withToken('/api/login/password-reset', token), ZPasswordResetLinkStatus),
  resetPassword: (request: Body<typeof ZSetPasswordRequest>): Promise<void> => apiSend('POST', '/api/login/reset-password', request),

  orderAppRegister: (request: Body<typeof ZOrderAppRegistrationRequest>): Promise<TRegistrationAccepted> =>
    apiRequest('POST', '/api/bestellen/registreren', ZRegistrationAccepted, request),
  orderAppResendActivation: (email: string): Promise<void> => apiSend('POST', '/api/bestellen/registreren/opnieuw-verzenden', { email }),
};
