import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser-like client for `app.inject`: keeps cookies between calls and echoes the
 * XSRF-TOKEN cookie in the X-XSRF-TOKEN header, as the front end does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  private remember(response: LightMyRequestResponse) {
    for (const c of response.cookies as Array<{ name: string; value: string }>) this.cookies.set(c.name, c.value);
    return response;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string) {
    return this.remember(await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() } }));
  }

  async post(url: string, payload: unknown, options: { csrf?: boolean } = {}) {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/bestelprocedure/getBasket');
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'content-type': 'application/json' };
    if (options.csrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    return this.remember(await this.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) }));
  }
}
