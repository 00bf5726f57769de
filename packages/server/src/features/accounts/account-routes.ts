import type { FastifyInstance } from 'fastify';
import type { SessionManager } from '../../http/session.ts';
import type { AccountServices } from './account-services.ts';
import { registerLoginRoutes } from './login-routes.ts';
import { registerPasswordResetRoutes } from './password-reset-routes.ts';
import { registerRegistrationRoutes } from './registration-routes.ts';

/** Every route of the accounts feature (spec 000 section 7 and 001 section 7, auth parts). */
export function registerAccountRoutes(app: FastifyInstance, services: AccountServices, sessions: SessionManager): void {
  registerRegistrationRoutes(app, services, sessions);
  registerLoginRoutes(app, services, sessions);
  registerPasswordResetRoutes(app, services);
}
