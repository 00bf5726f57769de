/** One server-sent event as received, with the time it arrived (ms since the request). */
export interface ReceivedEvent {
  event: string;
  data: unknown;
  at: number;
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
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) events.push({ event, data: JSON.parse(data), at: performance.now() - started });
    }
  }
  return { status: response.status, contentType: response.headers.get('content-type'), events, endedAt: performance.now() - started };
}
