/**
 * How the shop creates virtual servers (VPS packages) on its virtualisation platform. Adapters:
 * `simulated` (default) and `proxmox` (Proxmox VE API). Every create carries the shop's
 * `clientRef`; repeating it answers the server the first call made instead of making a second
 * one. A server is `provisioning` until it runs. Expected failures are answers, never throws.
 */

export interface VpsSpec {
  vCpu: number;
  memoryGb: number;
  diskGb: number;
}

export interface VpsRequest {
  /** Ours: the order line that asks for it (`order-12:<unique>`). */
  clientRef: string;
  hostname: string;
  packageCode: string;
  spec: VpsSpec;
  /** The customer, for the platform's own records. */
  customerRef: string;
}

/** `unknown`: the platform has no such server. */
export type VpsFailure = { ok: false; reason: 'unreachable' | 'refused' | 'unknown'; detail?: string };

export type VpsStatus = 'provisioning' | 'running';

export type VpsAnswer = { ok: true; providerRef: string; status: VpsStatus; ipv4?: string } | VpsFailure;
export type DeleteVpsAnswer = { ok: true } | VpsFailure;

export interface VpsPort {
  readonly name: string;
  createVps(request: VpsRequest): Promise<VpsAnswer>;
  status(providerRef: string): Promise<VpsAnswer>;
  /** Undo of `createVps`. */
  deleteVps(providerRef: string): Promise<DeleteVpsAnswer>;
}
