export { createSimulatedPayment } from './simulated-payment.ts';
export { createOmnikassaPayment } from './omnikassa-payment.ts';
