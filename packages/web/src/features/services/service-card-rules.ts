/**
 * Step 2's card rules and their messages, for the order page's Continue, which loads them when
 * pressed (use-services-check.ts): they bring the order and validation texts, which the first
 * screen does not need.
 */
export { findInvalidServices, invalidServiceMessage, serviceCardsOf } from '@kavel/core';
