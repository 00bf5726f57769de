import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/connect.ts';
import { sessions } from '../db/schema/index.ts';

export const SESSION_COOKIE = 'kavel_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export interface Session {
  idHash: string;
  csrfToken: string;
  customerId: number | null;
  language: 'nl' | 'en';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's server-side session; present on every page and API request. */
    session: Session;
  }
  interface FastifyContextConfig {
    /** Routes that need no session (static files, health). */
    session?: false;
  }
}

const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');
/** A session's last-seen time is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionOptions {
  db: Database;
  days: number;
  secureCookies: boolean;
  now?: () => Date;
}

/**
 * Server-side sessions: an opaque id in an HttpOnly SameSite=Lax cookie, of which only the hash
 * is stored. Every session carries the CSRF token that the `XSRF-TOKEN` cookie shows the browser.
 */
export function registerSessions(app: FastifyInstance, manager: SessionManager): SessionManager {
  app.decorateRequest('session', null as unknown as Session);
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.session === false) return;
    await manager.load(request, reply);
  });
  return manager;
}

export class SessionManager {
  constructor(private readonly options: SessionOptions) {}

  private now() {
    return this.options.now?.() ?? new Date();
  }

  private expiry() {
    return new Date(this.now().getTime() + this.options.days * 86_400_000);
  }

  async load(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const id = request.cookies[SESSION_COOKIE];
    if (id) {
      const idHash = hashId(id);
      const [row] = await this.options.db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
      if (row && row.expiresAt > this.now()) {
        request.session = { idHash, csrfToken: row.csrfToken, customerId: row.customerId, language: row.language === 'en' ? 'en' : 'nl' };
        if (this.now().getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
          await this.options.db.update(sessions).set({ lastSeenAt: this.now(), expiresAt: this.expiry() }).where(eq(sessions.idHash, idHash));
        }
        if (request.cookies[XSRF_COOKIE] !== row.csrfToken) this.setXsrfCookie(reply, row.csrfToken);
        return;
      }
    }
    await this.create(request, reply);
  }

  private async create(request: FastifyRequest, reply: FastifyReply, carry?: Partial<Session>): Promise<void> {
    const id = newToken();
    const session: Session = {
      idHash: hashId(id),
      csrfToken: newToken(),
      customerId: carry?.customerId ?? null,
      language: carry?.language ?? 'nl',
    };
    await this.options.db.insert(sessions).values({
      idHash: session.idHash,
      csrfToken: session.csrfToken,
      customerId: session.customerId,
      language: session.language,
      expiresAt: this.expiry(),
    });
    request.session = session;
    this.setSessionCookie(reply, id);
    this.setXsrfCookie(reply, session.csrfToken);
  }

  /**
   * Gives the session a new id and CSRF token, keeping what hangs on it (an anonymous basket
   * follows through the foreign key's ON UPDATE CASCADE). Called on login and logout; pass the
   * open transaction as `db` so the rotation commits (or not) with the rest of the login.
   */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    changes: Partial<Pick<Session, 'customerId'>> = {},
    db: Queryable = this.options.db,
  ): Promise<void> {
    const id = newToken();
    const next: Session = { ...request.session, ...changes, idHash: hashId(id), csrfToken: newToken() };
    await db
      .update(sessions)
      .set({ idHash: next.idHash, csrfToken: next.csrfToken, customerId: next.customerId, expiresAt: this.expiry() })
      .where(eq(sessions.idHash, request.session.idHash));
    request.session = next;
    this.setSessionCookie(reply, id);
    this.setXsrfCookie(reply, next.csrfToken);
  }

  async setLanguage(request: FastifyRequest, language: 'nl' | 'en'): Promise<void> {
    if (request.session.language === language) return;
    request.session.language = language;
    await this.options.db.update(sessions).set({ language }).where(eq(sessions.idHash, request.session.idHash));
  }

  /** Ends every session of a customer (after a password reset), on every device. */
  async endAllOf(customerId: number, db: Queryable = this.options.db): Promise<void> {
    await db.delete(sessions).where(eq(sessions.customerId, customerId));
  }

  /** Removes expired sessions; run now and then. */
  async purgeExpired(): Promise<void> {
    await this.options.db.delete(sessions).where(lt(sessions.expiresAt, this.now()));
  }

  private setSessionCookie(reply: FastifyReply, id: string) {
    reply.setCookie(SESSION_COOKIE, id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secureCookies,
      maxAge: this.options.days * 86_400,
    });
  }

  private setXsrfCookie(reply: FastifyReply, token: string) {
    reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: this.options.secureCookies });
  }
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfTokenMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(presented), Buffer.from(expected));
}
