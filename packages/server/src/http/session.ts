import { hash, randomBytes } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionLifetime, SessionLifetimes } from '../config.ts';
import type { Database, Queryable } from '../db/connect.ts';
import { sessions } from '../db/schema/index.ts';
import { EVERYTHING, type CacheEventsPort } from '../ports/cache-events/index.ts';
import { cacheKeys, CLOCK_SKEW_MS, READ_CACHE_TTL_MS, ReadCache } from '../read-cache.ts';
import { usesSession } from './allowed-methods.ts';
import { SAFE_METHODS, type CsrfTokens } from './csrf-tokens.ts';
import { LANG_COOKIE, sessionCookieName, WRITTEN_COOKIE, writtenAtOf, XSRF_COOKIE } from './session-cookies.ts';

export interface Session {
  idHash: string;
  csrfToken: string;
  customerId: number | null;
  language: 'nl' | 'en';
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The visitor's session; present on every page and API request. Until the visitor changes
     * something it lives only in this request (no row, no session cookie); see `SessionManager`.
     */
    session: Session;
  }
  interface FastifyContextConfig {
    /** Routes that need no session (static files, health, public reads). */
    session?: false;
  }
}

// One-shot hashing: a third of the cost of a Hash object, on every request that carries a session.
const hashId = (id: string) => hash('sha256', id, 'base64url');
const newId = () => randomBytes(32).toString('base64url');
/** The last-seen time is written at most hourly (so reads stay reads), and often enough to keep the idle timeout within a tenth. */
const touchIntervalMs = (lifetime: SessionLifetime) => Math.min(3_600, lifetime.idleSeconds / 10) * 1000;

export interface SessionOptions {
  db: Database;
  lifetimes: SessionLifetimes;
  secureCookies: boolean;
  csrf: CsrfTokens;
  now?: () => Date;
  /** Where changes are told to every process; with it, sessions are cached in-process. */
  cacheEvents?: CacheEventsPort;
}

/** What a session row holds that a request needs. */
type CachedSession = Pick<typeof sessions.$inferSelect, 'csrfToken' | 'customerId' | 'language' | 'startedAt' | 'lastSeenAt'>;

/**
 * Loads the session before every request that uses one, and stores it before the handler of the
 * first state-changing request (a POST, PUT or DELETE that passed validation and the CSRF check).
 */
export function registerSessions(app: FastifyInstance, manager: SessionManager): SessionManager {
  app.decorateRequest('session', null as unknown as Session);
  // Hooks with a callback rather than async ones: a request they have nothing to do for (every
  // read for the last two, the searches for all three) passes without a promise and a turn of the
  // microtask queue each, which a burst of searches pays a hundred times over.
  // No session on the bearer API, not even where no route answers; nothing is stored for a request
  // that reaches no route (a 404 or 405 changes nothing).
  app.addHook('onRequest', (request, reply, done) => {
    if (!usesSession(request)) return done();
    manager.load(request, reply).then(() => done(), done);
  });
  app.addHook('preHandler', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.is404 || !usesSession(request)) return done();
    manager.store(request, reply).then(() => done(), done);
  });
  // After the handler (and its transaction): what this request may have changed is dropped from
  // every process's caches, and the browser remembers when, for its next read anywhere.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (SAFE_METHODS.has(request.method) || request.is404 || !usesSession(request) || !request.session) return done(null, payload);
    manager.changed(request, reply).then(() => done(null, payload), done);
  });
  return manager;
}

type Lifespan = { customerId: number | null; startedAt: Date; lastSeenAt: Date };

/**
 * Server-side sessions: an opaque id in an HttpOnly SameSite=Lax cookie, of which only the hash
 * is stored. A visitor who only reads gets no row and no session cookie: their session exists in
 * the request alone, with a signed CSRF token in the `XSRF-TOKEN` cookie, and is stored (with that
 * same token) by the first state-changing request. A session ends after the idle timeout or the
 * absolute lifetime of its kind, whichever comes first; an ended session counts as none.
 */
export class SessionManager {
  /** The requests whose session is not stored yet, with the id its cookie will carry once it is. */
  private readonly unstored = new WeakMap<FastifyRequest, string>();
  /** The session each request came with (login and logout replace it). */
  private readonly initial = new WeakMap<FastifyRequest, { idHash: string; customerId: number | null }>();
  /**
   * How many times `endAllOf` ran here, and the count each request saw when it came in: a request
   * during which it ran (maybe its own) tells every process to forget all sessions.
   */
  private endedAllCount = 0;
  private readonly endedAllAtLoad = new WeakMap<FastifyRequest, number>();
  private readonly cache: ReadCache<CachedSession> | null;
  readonly cookieName: string;

  constructor(private readonly options: SessionOptions) {
    this.cookieName = sessionCookieName(options.secureCookies);
    this.cache = options.cacheEvents ? new ReadCache(options.cacheEvents) : null;
  }

  private now() {
    return this.options.now?.() ?? new Date();
  }

  private lifetimeOf(customerId: number | null): SessionLifetime {
    return customerId === null ? this.options.lifetimes.anonymous : this.options.lifetimes.loggedIn;
  }

  /** When a session ends: the earlier of its idle timeout and its absolute lifetime. */
  private endOf({ customerId, startedAt, lastSeenAt }: Lifespan): Date {
    const lifetime = this.lifetimeOf(customerId);
    return new Date(Math.min(lastSeenAt.getTime() + lifetime.idleSeconds * 1000, startedAt.getTime() + lifetime.absoluteSeconds * 1000));
  }

  async load(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    this.endedAllAtLoad.set(request, this.endedAllCount);
    const id = request.cookies[this.cookieName];
    if (id) {
      const idHash = hashId(id);
      const { db } = this.options;
      const key = cacheKeys.session(idHash);
      const now = this.now();
      // A cached row whose session looks ended is read again: another process may have touched it.
      const cached = this.cache?.get(key, writtenAtOf(request));
      let row: CachedSession | undefined = cached && this.endOf(cached) > now ? cached : undefined;
      if (!row) {
        const ticket = this.cache?.ticket();
        [row] = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).limit(1);
        if (row && ticket && this.endOf(row) > now) {
          const { csrfToken, customerId, language, startedAt, lastSeenAt } = row;
          this.cache!.set(key, { csrfToken, customerId, language, startedAt, lastSeenAt }, ticket);
        }
      }
      if (row && this.endOf(row) > now) {
        request.session = { idHash, csrfToken: row.csrfToken, customerId: row.customerId, language: row.language === 'en' ? 'en' : 'nl' };
        this.initial.set(request, { idHash, customerId: row.customerId });
        if (now.getTime() - row.lastSeenAt.getTime() >= touchIntervalMs(this.lifetimeOf(row.customerId))) {
          // Never past the absolute lifetime: the end is computed from `started_at` as well.
          const expiresAt = this.endOf({ ...row, lastSeenAt: now });
          await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.idHash, idHash));
          this.cache?.update(key, (entry) => ({ ...entry, lastSeenAt: now }));
        }
        if (request.cookies[XSRF_COOKIE] !== row.csrfToken) this.setXsrfCookie(reply, row.csrfToken);
        return;
      }
      // Ended (or purged): it never comes back, and the browser is told to forget the cookie.
      if (row) await db.delete(sessions).where(eq(sessions.idHash, idHash));
      reply.clearCookie(this.cookieName, this.sessionCookieOptions());
    }
    this.startUnstored(request, reply);
  }

  /**
   * After a state-changing request: its session's and basket's entries (before and after a login
   * or logout) are dropped in every process, and the browser's `kavel_w` cookie says when.
   */
  async changed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const events = this.options.cacheEvents;
    const before = this.initial.get(request);
    if (!events || (!before && !this.isStored(request))) return;
    const keys = new Set<string>();
    for (const session of [before, { idHash: request.session.idHash, customerId: request.session.customerId }]) {
      if (!session) continue;
      keys.add(cacheKeys.session(session.idHash));
      keys.add(cacheKeys.basket({ sessionIdHash: session.idHash, customerId: session.customerId }));
      keys.add(cacheKeys.basket({ sessionIdHash: session.idHash, customerId: null }));
    }
    if (this.endedAllCount > (this.endedAllAtLoad.get(request) ?? this.endedAllCount)) keys.add(EVERYTHING);
    await events.publish([...keys]);
    reply.setCookie(WRITTEN_COOKIE, String(Date.now()), {
      ...this.sessionCookieOptions(),
      maxAge: Math.ceil((READ_CACHE_TTL_MS + CLOCK_SKEW_MS) / 1000) + 1,
    });
  }

  /** A session that exists in this request only; its CSRF token is the browser's if the server issued it. */
  private startUnstored(request: FastifyRequest, reply: FastifyReply): void {
    const presented = request.cookies[XSRF_COOKIE];
    const csrfToken = this.options.csrf.isGenuine(presented) ? presented : this.options.csrf.issue();
    if (csrfToken !== presented) this.setXsrfCookie(reply, csrfToken);
    const id = newId();
    this.unstored.set(request, id);
    const language = request.cookies[LANG_COOKIE] === 'en' ? 'en' : 'nl';
    request.session = { idHash: hashId(id), csrfToken, customerId: null, language };
  }

  /** Whether the request's session has a row (a visitor who only read has none). */
  isStored(request: FastifyRequest): boolean {
    return !this.unstored.has(request);
  }

  /** Stores the request's session if it is not yet, keeping its CSRF token, and sets the session cookie. */
  async store(request: FastifyRequest, reply: FastifyReply, db: Queryable = this.options.db): Promise<void> {
    const id = this.unstored.get(request);
    if (id === undefined) return;
    await this.insert(db, request.session);
    this.unstored.delete(request);
    this.setSessionCookie(reply, id, request.session.customerId);
  }

  private async insert(db: Queryable, session: Session): Promise<void> {
    const now = this.now();
    await db.insert(sessions).values({ ...session, createdAt: now, ...this.freshLifespan(session.customerId, now) });
  }

  private freshLifespan(customerId: number | null, now: Date) {
    return { startedAt: now, lastSeenAt: now, expiresAt: this.endOf({ customerId, startedAt: now, lastSeenAt: now }) };
  }

  /**
   * Gives the session a new id and CSRF token, keeping what hangs on it (an anonymous basket
   * follows through the foreign key's ON UPDATE CASCADE), and starts the lifetime of its new kind:
   * a login starts the logged-in lifetime. Called on login and logout; pass the open transaction
   * as `db` so the rotation commits (or not) with the rest of the login.
   */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    changes: Partial<Pick<Session, 'customerId'>> = {},
    db: Queryable = this.options.db,
  ): Promise<void> {
    const id = newId();
    const next: Session = { ...request.session, ...changes, idHash: hashId(id), csrfToken: this.options.csrf.issue() };
    if (this.unstored.has(request)) {
      await this.insert(db, next);
      this.unstored.delete(request);
    } else {
      await db
        .update(sessions)
        .set({ idHash: next.idHash, csrfToken: next.csrfToken, customerId: next.customerId, ...this.freshLifespan(next.customerId, this.now()) })
        .where(eq(sessions.idHash, request.session.idHash));
    }
    request.session = next;
    this.setSessionCookie(reply, id, next.customerId);
    this.setXsrfCookie(reply, next.csrfToken);
  }

  /** Remembers the page language; a session without a row keeps it in the request (the `kavel_lang` cookie holds the choice). */
  async setLanguage(request: FastifyRequest, language: 'nl' | 'en'): Promise<void> {
    if (request.session.language === language) return;
    request.session.language = language;
    if (!this.isStored(request)) return;
    await this.options.db.update(sessions).set({ language }).where(eq(sessions.idHash, request.session.idHash));
    await this.options.cacheEvents?.publish([cacheKeys.session(request.session.idHash)]);
  }

  /**
   * Ends every session of a customer (after a password reset), on every device. This process
   * forgets its cached sessions at once, every process after the request's transaction committed
   * (see `changed`).
   */
  async endAllOf(customerId: number, db: Queryable = this.options.db): Promise<void> {
    await db.delete(sessions).where(eq(sessions.customerId, customerId));
    this.endedAllCount += 1;
    this.cache?.invalidate([EVERYTHING]);
  }

  /** Deletes the sessions that have ended (and, through the foreign key, their anonymous baskets). */
  async purgeExpired(): Promise<void> {
    await this.options.db.delete(sessions).where(lte(sessions.expiresAt, this.now()));
  }

  private sessionCookieOptions() {
    return { path: '/', httpOnly: true, sameSite: 'lax', secure: this.options.secureCookies } as const;
  }

  private setSessionCookie(reply: FastifyReply, id: string, customerId: number | null) {
    reply.setCookie(this.cookieName, id, { ...this.sessionCookieOptions(), maxAge: this.lifetimeOf(customerId).absoluteSeconds });
  }

  private setXsrfCookie(reply: FastifyReply, token: string) {
    reply.setCookie(XSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'lax', secure: this.options.secureCookies });
  }
}
