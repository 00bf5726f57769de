import { installPasswordStrengthEstimator, passwordStrengthReady } from '@kavel/core';
import type { FastifyInstance } from 'fastify';

let loading: Promise<void> | null = null;

/** How long after the listen the judge starts loading unasked: the first answers go first. */
const LOAD_AFTER_LISTEN_MS = 1000;

/**
 * Loads zxcvbn with its dictionaries and installs it as the 'hard to guess' judge of the shared
 * password schemas, once per process. Building its dictionaries costs CPU (tens of milliseconds
 * since the lists were trimmed, more on a slow machine), which is why it is not part of the start: a serving process begins it a second after it listens, once its
 * first answers are out (a restarted shop is asked at once by its load balancer's health check).
 */
export function loadPasswordJudge(): Promise<void> {
  loading ??= import('@kavel/core/password-estimator').then(({ createPasswordStrengthEstimator }) => {
    if (!passwordStrengthReady()) installPasswordStrengthEstimator(createPasswordStrengthEstimator());
  });
  return loading;
}

/**
 * No password is ever judged without the judge: a request with a body (every password arrives in
 * one) waits for it before validation, which is where the schemas judge. The judge starts loading
 * a moment after the app listens, or with the first such request (tests inject without listening).
 */
export function registerPasswordJudge(app: FastifyInstance): void {
  app.addHook('onListen', async () => {
    const load = () => void loadPasswordJudge().catch((error: unknown) => app.log.error({ err: error }, 'loading the password judge failed'));
    setTimeout(load, LOAD_AFTER_LISTEN_MS).unref();
  });
  // A callback rather than an async hook: once the judge is there, or without a body, no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (passwordStrengthReady() || !request.routeOptions.schema?.body) return done();
    loadPasswordJudge().then(() => done(), done);
  });
}
