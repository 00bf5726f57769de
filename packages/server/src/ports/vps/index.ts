export type { DeleteVpsAnswer, VpsAnswer, VpsFailure, VpsPort, VpsRequest, VpsSpec, VpsStatus } from './vps-port.ts';
export { createSimulatedVps, SIMULATED_VPS_REFUSED_LABEL } from './simulated-vps.ts';
export type { SimulatedVps, SimulatedVpsOptions, SimulatedVpsServer } from './simulated-vps.ts';
export { createProxmoxVps, proxmoxTagOf } from './proxmox-vps.ts';
export type { ProxmoxVpsOptions } from './proxmox-vps.ts';
