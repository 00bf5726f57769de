/** What the orders feature asks of fulfilment (implemented in `fulfilment-service.ts`). */
export type FulfilmentOutcome = 'FULFILLED' | 'FULFILMENT_FAILED' | 'NOT_READY';

export interface Fulfilment {
  /**
   * Delivers a CONFIRMED order: runs the steps not done yet, each once. A repeated call (replayed
   * webhook, retry after a crash) does nothing twice; it never throws. FULFILLED: delivered (now
   * or before). FULFILMENT_FAILED: a step failed for good and what was done is undone (now or
   * before; the order stays so until a person retries it). NOT_READY: not delivered yet: the
   * order is not confirmed (not paid yet), another process is fulfilling it right now, or a step
   * failed for now (the platform was unreachable) and a later run (the minute sweep) goes on.
   */
  fulfil(orderId: number): Promise<FulfilmentOutcome>;
}
