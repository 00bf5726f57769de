import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface TestClientOptions {
  /** The client's address as the server sees it (`request.ip`); default 127.0.0.1. */
  remoteAddress?: string;
}

/**
 * A browser-like client for `app.inject`: keeps cookies between calls and echoes the
 * XSRF-TOKEN cookie in the X-XSRF-TOKEN header, as the front end does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly options: TestClientOptions = {},
  ) {}

  private remember(response: LightMyRequestResponse) {
    for (const c of response.cookies as Array<{ name: string; value: string }>) this.cookies.set(c.name, c.value);
    return response;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private get address() {
    return this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {};
  }

  async get(url: string) {
    return this.remember(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() }, ...this.address }));
  }

  async post(url: string, payload: unknown, options: { csrf?: boolean } = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/bestelprocedure/getBasket');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'content-type': 'application/json' };
    if (options.csrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    return this.remember(await this.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload), ...this.address }));
  }

  async put(url: string, payload: unknown, options: { csrf?: boolean } = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/bestelprocedure/getBasket');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'content-type': 'application/json' };
    if (options.csrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    return this.remember(await this.app.inject({ method: 'PUT', url, headers, payload: JSON.stringify(payload), ...this.address }));
  }

  async delete(url: string) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/bestelprocedure/getBasket');
    const headers = { cookie: this.cookieHeader(), 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' };
    return this.remember(await this.app.inject({ method: 'DELETE', url, headers, ...this.address }));
  }

  /** A classic form post (`application/x-www-form-urlencoded`) with the CSRF token as `_csrf`, as a page's form sends it. */
  async postForm(url: string, fields: Record<string, string>, options: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/bestelprocedure/getBasket');
    const body = new URLSearchParams(fields);
    if (options.csrf !== false) body.set('_csrf', this.cookies.get('XSRF-TOKEN') ?? '');
    const headers = { ...options.headers, cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' };
    return this.remember(await this.app.inject({ method: 'POST', url, headers, payload: body.toString(), ...this.address }));
  }
}

/**
 * Lets the app listen on a free port of the loopback address, for a client that speaks real HTTP
 * (`fetch`); answers its base URL. The app's `close` stops the listener.
 */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}
