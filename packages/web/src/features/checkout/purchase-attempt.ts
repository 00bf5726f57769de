import { ApiError } from '../../api/client.ts';
import { newRequestId } from './new-request-id.ts';

/**
 * The `requestId` of a purchase: one per pay attempt, kept while the attempt may still have made
 * an order (no answer, a time-out, a server fault), so pressing Pay again asks for that same order
 * instead of placing a second one. A refusal (4xx) means no order was made: the next press is a
 * new attempt with a new id.
 */
export class PurchaseAttempt {
  private id: string | null = null;

  constructor(private readonly makeId: () => string = newRequestId) {}

  /** The id to send now: the open attempt's, or a new one. */
  current(): string {
    this.id ??= this.makeId();
    return this.id;
  }

  /** After a failed call: forget the id only when the server certainly made no order. */
  failed(error: unknown): void {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) this.id = null;
  }
}
