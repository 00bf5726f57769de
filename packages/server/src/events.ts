/**
 * Reactions of one feature to another's change. A service publishes an event after its
 * transaction committed; each handler runs in its own transaction. Handlers are awaited, so the
 * caller's answer comes after the reactions; a failing handler is logged and does not undo the
 * change (it already committed). In-process: a process that dies between the commit and the
 * handler loses the reaction, so a reaction must be one the reader can also live without (the
 * basket's holder is checked again at checkout). Work that must survive a crash is a job.
 */
export type DomainEvent = { type: 'holder-deleted'; customerId: number; holderId: number };

export type EventHandler<T extends DomainEvent['type']> = (event: Extract<DomainEvent, { type: T }>) => Promise<void>;

export interface EventBus {
  /** Call only after the change committed. */
  publish(event: DomainEvent): Promise<void>;
  on<T extends DomainEvent['type']>(type: T, handler: EventHandler<T>): void;
}

export interface EventLog {
  error(details: object, message: string): void;
}

export function createEventBus(log: EventLog): EventBus {
  const handlers = new Map<DomainEvent['type'], Array<(event: DomainEvent) => Promise<void>>>();
  return {
    async publish(event) {
      for (const handler of handlers.get(event.type) ?? []) {
        try {
          await handler(event);
        } catch (error) {
          log.error({ err: error, event: event.type }, 'an event handler failed');
        }
      }
    },
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler as (event: DomainEvent) => Promise<void>);
      handlers.set(type, list);
    },
  };
}
