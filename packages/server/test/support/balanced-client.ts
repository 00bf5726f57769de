import { request } from 'node:http';

/**
 * What a load balancer in front of several web processes does, as far as a test needs: it knows
 * which processes are up, and a request that got no answer at all (the process died, or was down)
 * goes to another one.
 */
export class Balancer {
  private readonly up: Set<string>;
  constructor(readonly urls: readonly string[]) {
    this.up = new Set(urls);
  }
  /** The process for a client's `n`-th request: the clients alternate between the processes that are up. */
  pick(n: number): string {
    const up = this.urls.filter((url) => this.up.has(url));
    if (up.length === 0) throw new Error('no web process is up');
    return up[n % up.length]!;
  }
  down(url: string): void {
    this.up.delete(url);
  }
  back(url: string): void {
    this.up.add(url);
  }
}

export interface Answer {
  status: number;
  body: string;
  /** The process that answered. */
  url: string;
  json<T = unknown>(): T;
}

/** A request that reached no process (refused, reset, or cut off by the process's death). */
const NO_ANSWER = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/**
 * A browser over real HTTP: keeps its cookies, echoes the XSRF-TOKEN cookie as the front end does,
 * sends the shop's host name (`PUBLIC_URL`) and its own client address (X-Forwarded-For, read by a
 * process started with TRUST_PROXY=1). Its requests alternate between the balancer's processes;
 * one without an answer is sent again elsewhere, as a visitor presses again after an error page.
 */
export class BalancedClient {
  readonly cookies = new Map<string, string>();
  private sent = 0;
  /** The processes that answered this client. */
  readonly answeredBy = new Set<string>();
  /** Requests that got no answer and were sent again. */
  resent = 0;
  constructor(
    private readonly balancer: Balancer,
    private readonly options: { host: string; ip: string },
  ) {}

  get(path: string): Promise<Answer> {
    return this.send('GET', path);
  }

  async post(path: string, payload: unknown): Promise<Answer> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/api/bestelprocedure/getBasket');
    return this.send('POST', path, JSON.stringify(payload));
  }

  private async send(method: string, path: string, body?: string): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      const url = this.balancer.pick(this.sent++);
      try {
        return await this.once(url, method, path, body);
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (!NO_ANSWER.has(code) || attempt >= 40) throw error;
        this.resent++;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  private once(base: string, method: string, path: string, body?: string): Promise<Answer> {
    const headers: Record<string, string> = {
      host: this.options.host,
      'x-forwarded-for': this.options.ip,
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    }
    return new Promise((resolve, reject) => {
      const outgoing = request(`${base}${path}`, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const at = pair.indexOf('=');
            const name = pair.slice(0, at).trim();
            const value = pair.slice(at + 1).trim();
            if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          const text = Buffer.concat(chunks).toString('utf8');
          this.answeredBy.add(base);
          resolve({ status: response.statusCode ?? 0, body: text, url: base, json: <T>() => JSON.parse(text) as T });
        });
      });
      outgoing.on('error', reject);
      if (body !== undefined) outgoing.write(body);
      outgoing.end();
    });
  }
}
