import {
  ZActivateRequest,
  ZActivationLinkStatus,
  ZEmailRequest,
  ZInfoMessage,
  ZLoginForm,
  ZLoginRequest,
  ZLoginSuccess,
  ZOrderAppRegistrationRequest,
  ZPasswordResetLinkRequest,
  ZPasswordResetLinkStatus,
  ZRegisterAccountRequest,
  ZRegistrationAccepted,
  ZSetPasswordRequest,
  ZTokenQuery,
} from '../schemas/account.ts';
import { contract } from './contract.ts';
import { sessionContracts } from './session.ts';

/** Accounts (spec 000 section 7 'Auth', spec 001 section 7): login, registration, activation, password reset. */
export const accountContracts = {
  ...sessionContracts,
  login: contract({ method: 'POST', path: '/api/login', body: ZLoginRequest, response: ZLoginSuccess }),
  /** The order app's login form (a classic form post that redirects). */
  loginForm: contract({ method: 'POST', path: '/login', body: ZLoginForm, kind: 'form' }),
  register: contract({ method: 'POST', path: '/api/register-account', body: ZRegisterAccountRequest, response: ZRegistrationAccepted }),
  resendActivation: contract({ method: 'POST', path: '/api/register-account/send-activation-link', body: ZEmailRequest, response: ZRegistrationAccepted }),
  orderAppRegister: contract({ method: 'POST', path: '/api/bestellen/registreren', body: ZOrderAppRegistrationRequest, response: ZRegistrationAccepted }),
  orderAppResendActivation: contract({ method: 'POST', path: '/api/bestellen/registreren/opnieuw-verzenden', body: ZEmailRequest, response: ZRegistrationAccepted }),
  activationStatus: contract({ method: 'GET', path: '/api/account/activation', querystring: ZTokenQuery, response: ZActivationLinkStatus }),
  activate: contract({ method: 'POST', path: '/api/account/activate', body: ZActivateRequest, response: ZLoginSuccess }),
  requestPasswordReset: contract({ method: 'POST', path: '/api/login/send-password-reset-link', body: ZPasswordResetLinkRequest, response: ZInfoMessage }),
  passwordResetStatus: contract({ method: 'GET', path: '/api/login/password-reset', querystring: ZTokenQuery, response: ZPasswordResetLinkStatus }),
  resetPassword: contract({ method: 'POST', path: '/api/login/reset-password', body: ZSetPasswordRequest, response: ZInfoMessage }),
  /** Any page under the control panel (old links such as `administratie/gegevens-aanpassen/?from=shop`): redirects into the account area. */
  controlPanelPage: contract({ method: 'GET', path: '/control-panel/*', kind: 'redirect' }),
};
