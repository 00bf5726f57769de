export type EventHandlers = Record<string, (data: unknown) => void>;

export interface EventStream {
  /** Closes the stream without calling `onEnd`. */
  close(): void;
}

/**
 * Opens a server-sent event stream. The server ends a stream by closing it, which an EventSource
 * sees as an error and would answer by reconnecting: so any error closes the stream for good,
 * silently (spec 000 section 4), and `onEnd` tells the caller.
 */
export function openEventStream(url: string, handlers: EventHandlers, onEnd: () => void): EventStream {
  const source = new EventSource(url);
  let open = true;
  const close = () => {
    open = false;
    source.close();
  };
  for (const [name, handler] of Object.entries(handlers)) {
    source.addEventListener(name, (event) => {
      if (!open) return;
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        // An event without JSON data (e.g. an empty `captchaRequired`) still counts.
        data = undefined;
      }
      handler(data);
    });
  }
  source.addEventListener('error', () => {
    if (!open) return;
    close();
    onEnd();
  });
  return { close };
}
