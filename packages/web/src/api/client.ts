import { pathOf, type CallInput, type CallOutput, type Contract } from '@kavel/core';
import { ApiError, ZRefusalBody, type TRefusalBody } from './api-error.ts';

export { ApiError, refusalAs } from './api-error.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The CSRF token the server put in a readable cookie; echoed on every mutating call. */
export function readXsrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The token for a classic form post (`_csrf`): the cookie, which follows a rotation (login,
 * logout), else the one the server wrote on the mount element when it served the page.
 */
export function formCsrfToken(): string {
  return readXsrfToken() ?? document.getElementById('root')?.dataset.csrfToken ?? '';
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The server stores a visitor's session at their first change and sends its cookie with that
 * answer; a second change sent before the answer arrives would start a session of its own (and
 * one of the two would be lost). So on a page, changes go one at a time until one has succeeded;
 * after that the browser has the session cookie and they run side by side.
 */
let changesInLine: Promise<unknown> = Promise.resolve();
let sessionCookieSettled = false;

function inLine(change: () => Promise<Response>): Promise<Response> {
  if (sessionCookieSettled) return change();
  const answer = changesInLine.then(change);
  changesInLine = answer.then(
    (response) => {
      if (response.ok) sessionCookieSettled = true;
    },
    () => undefined,
  );
  return answer;
}

async function send(method: Method, path: string, body?: unknown, init?: RequestInit): Promise<Response> {
  const response = method === 'GET' ? await request(method, path, body, init) : await inLine(() => request(method, path, body, init));
  if (!response.ok) {
    const data = await readJson(response);
    throw new ApiError(response.status, errorBody(response, data), data);
  }
  return response;
}

async function request(method: Method, path: string, body?: unknown, init?: RequestInit): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (method !== 'GET') {
    const token = readXsrfToken();
    if (token) headers.set(XSRF_HEADER, token);
  }
  return fetch(path, {
    ...init,
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body).
    return null;
  }
}

function errorBody(response: Response, data: unknown): TRefusalBody {
  const parsed = ZRefusalBody.safeParse(data);
  return parsed.success ? parsed.data : { message: response.statusText || `HTTP ${response.status}` };
}

type Input = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };

/** A contract's address with its path parameters and query filled in. */
export function urlOf<C extends Contract>(contract: C, ...[input]: unknown extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]): string {
  const { params, query } = (input ?? {}) as Input;
  const path = pathOf(contract, params);
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Calls a route by its contract (declared once, in core): the path from its parameters, the body
 * as JSON, and the answer parsed with the contract's response schema.
 */
export async function call<C extends Contract>(contract: C, ...[input, init]: unknown extends CallInput<C> ? [CallInput<C>?, RequestInit?] : [CallInput<C>, RequestInit?]): Promise<CallOutput<C>> {
  const url = (urlOf as (contract: Contract, input?: unknown) => string)(contract, input);
  const response = await send(contract.method, url, (input as Input | undefined)?.body, init);
  if (!contract.response) return undefined as CallOutput<C>;
  return contract.response.parse(await response.json()) as CallOutput<C>;
}
