import type { TAvailabilityStatus } from '@kavel/core';

/** What the stream told us about one extension; `loading` until it did. */
export type Availability = 'loading' | TAvailabilityStatus;

/** The row states of spec 000 section 4, also the rows' `data-status`. */
export type RowStatus = 'loading' | 'ready' | 'migrate' | 'error' | 'in-progress' | 'added';

export function availabilityStatus(availability: Availability | undefined): RowStatus {
  switch (availability) {
    case 'free':
      return 'ready';
    case 'active':
      return 'migrate';
    case 'invalid':
    case 'quarantine':
    case 'error':
      return 'error';
    default:
      return 'loading';
  }
}

/** A running add/remove call wins, then basket membership, then availability. */
export function rowStatus(availability: Availability | undefined, inBasket: boolean, busy: boolean): RowStatus {
  if (busy) return 'in-progress';
  if (inBasket) return 'added';
  return availabilityStatus(availability);
}
