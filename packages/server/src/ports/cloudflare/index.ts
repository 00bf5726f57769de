export type { CloudflareFailure, CloudflarePlan, CloudflarePort, ProtectAnswer, ProtectRequest, RemoveZoneAnswer, ZoneStatus, ZoneStatusAnswer } from './cloudflare-port.ts';
export { createSimulatedCloudflare, SIMULATED_CLOUDFLARE_REFUSED_LABEL } from './simulated-cloudflare.ts';
export type { SimulatedCloudflare, SimulatedCloudflareOptions, SimulatedZone } from './simulated-cloudflare.ts';
export { createApiCloudflare, DEFAULT_CLOUDFLARE_API_URL } from './api-cloudflare.ts';
export type { ApiCloudflareOptions } from './api-cloudflare.ts';
