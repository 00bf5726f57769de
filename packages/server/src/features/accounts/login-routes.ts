import { contracts, message, ORDER_APP_BASE, ORDER_PAGES, PAGES, pageHref, safeReturnPath, type MessageKey, type TAuthState, type TLoginFailure, type TLoginFormError } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { SECURE_SESSION_COOKIE } from '../../http/session-cookies.ts';
import type { SessionManager } from '../../http/session.ts';
import { callerOf, sessionStarter } from './request-caller.ts';
import type { AccountServices } from './account-services.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieName } from './login-devices.ts';
import type { LoginResult } from './login-service.ts';

type LoginRefusal = Extract<LoginResult, { ok: false }>;

const REFUSAL_MESSAGES: Record<LoginRefusal['reason'], MessageKey> = {
  invalid: 'loginInvalid',
  captcha: 'loginCaptcha',
  notActivated: 'loginNotActivated',
  locked: 'loginLocked',
  wait: 'loginWait',
};

const FORM_ERRORS: Record<LoginRefusal['reason'], TLoginFormError> = { invalid: 'invalid', captcha: 'captcha', notActivated: 'invalid', locked: 'locked', wait: 'wait' };

/** Login (JSON and the order app's form post), logout and who is logged in. */
export function registerLoginRoutes(app: FastifyInstance, services: AccountServices, sessions: SessionManager): void {
  const { login } = services;
  // Secure exactly when the session cookie is: one setting decides both.
  const secure = sessions.cookieName === SECURE_SESSION_COOKIE;
  const deviceCookie = deviceCookieName(secure);

  const attempt = async (request: FastifyRequest, reply: FastifyReply, body: { username: string; password: string; 'g-recaptcha-response'?: string | undefined }) => {
    const result = await login.login(
      { username: body.username, password: body.password, captchaToken: body['g-recaptcha-response'], deviceCookie: request.cookies[deviceCookie] },
      callerOf(request),
      sessionStarter(sessions, request, reply),
    );
    if (result.ok) {
      reply.setCookie(deviceCookie, result.deviceCookie, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
    }
    return result;
  };

  route(app, contracts.login, {}, async (request, reply) => {
    const result = await attempt(request, reply, request.body);
    if (result.ok) return reply.send(result.login);
    if (result.reason === 'wait') {
      const language = request.session.language;
      const text = result.locked
        ? message(language, 'loginThrottleLocked', { minutes: Math.ceil(result.retryAfterSeconds / 60) })
        : message(language, 'loginWait', { seconds: result.retryAfterSeconds });
      const throttled: TLoginFailure = { message: text, showLoginCaptcha: result.showLoginCaptcha, retryAfterSeconds: result.retryAfterSeconds };
      return reply.code(429).header('retry-after', String(result.retryAfterSeconds)).send(throttled);
    }
    const body: TLoginFailure = {
      message: message(request.session.language, REFUSAL_MESSAGES[result.reason]),
      showLoginCaptcha: result.showLoginCaptcha,
      ...(result.reason === 'locked' ? { locked: true } : {}),
    };
    return reply.code(401).send(body);
  });

  // The order app's login form (spec 001): answers with a redirect, never a page of its own.
  route(app, contracts.loginForm, {}, async (request, reply) => {
    const { username, password } = request.body;
    const result = username && password ? await attempt(request, reply, { ...request.body, username, password }) : null;
    // Back to the page that asked for the login (a path on this shop only), else the order app.
    const returnTo = safeReturnPath(request.body.returnTo);
    if (result?.ok) return reply.redirect(returnTo ?? (request.body.from === 'shop' ? `${ORDER_APP_BASE}/` : ORDER_PAGES.shop), 303);
    const loginError = result ? FORM_ERRORS[result.reason] : 'invalid';
    return reply.redirect(pageHref(PAGES.orderAppLogin, { search: { loginError, returnTo: returnTo ?? undefined } }), 303);
  });

  route(app, contracts.logout, {}, async (request, reply): Promise<TAuthState> => {
    // The basket stays with the customer: it hangs on the customer id, not on this session.
    await sessions.rotate(request, reply, { customerId: null });
    return { loggedIn: false, customer: null };
  });

  route(app, contracts.me, {}, async (request, reply): Promise<TAuthState> => {
    reply.header('cache-control', 'no-store');
    return login.authState(request.session.customerId);
  });

  route(app, contracts.loggedIn, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return (await login.authState(request.session.customerId)).loggedIn;
  });
}
