/** One server-sent event as received, with the time it arrived (ms since the request). */
export interface ReceivedEvent {
  event: string;
  data: unknown;
  at: number;
}

/** Takes the whole events (named, with JSON data) off the front of `buffer`; `rest` is what is left. */
export function takeEvents(buffer: string, at: number): { events: ReceivedEvent[]; rest: string } {
  const events: ReceivedEvent[] = [];
  let rest = buffer;
  let boundary: number;
  while ((boundary = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, boundary);
    rest = rest.slice(boundary + 2);
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data !== undefined) events.push({ event, data: JSON.parse(data), at });
  }
  return { events, rest };
}

/** Reads a whole event stream over real HTTP, noting when each event arrives and when it ends. */
export async function readEventStream(url: string, init: RequestInit = {}): Promise<{ status: number; contentType: string | null; events: ReceivedEvent[]; endedAt: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const events: ReceivedEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const taken = takeEvents(buffer + decoder.decode(value, { stream: true }), performance.now() - started);
    events.push(...taken.events);
    buffer = taken.rest;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), events, endedAt: performance.now() - started };
}
