/**
 * How the shop creates and changes hosting accounts on the hosting platform. Adapter: `simulated`
 * (default). Every call carries the shop's `clientRef`; repeating a call with the same reference
 * answers the first result instead of acting twice. Expected failures are answers, never throws.
 */

export interface HostingAccountRequest {
  /** Ours: the order line that asks for it (`order-12:<unique>`). */
  clientRef: string;
  domain: string;
  packageCode: string;
  /** Free CMS install product code, if chosen. */
  cmsInstall: string | null;
  /** The customer, for the platform's own records. */
  customerRef: string;
  /** A reseller account (a reseller package): how many sites its owner may host in it; null for a customer's account (also when left out). */
  resellerSites?: number | null;
}

export type ProvisioningFailure = { ok: false; reason: 'unreachable' | 'refused' | 'unknown-account'; detail?: string };

export type CreateAccountAnswer = { ok: true; providerRef: string; username: string } | ProvisioningFailure;
export type ChangeAnswer = { ok: true } | ProvisioningFailure;

export interface ProvisioningPort {
  readonly name: string;
  createAccount(request: HostingAccountRequest): Promise<CreateAccountAnswer>;
  changePackage(providerRef: string, packageCode: string, clientRef: string): Promise<ChangeAnswer>;
  addExtra(providerRef: string, extraCode: string, clientRef: string): Promise<ChangeAnswer>;
  /** Undo of `createAccount`. */
  deleteAccount(providerRef: string): Promise<ChangeAnswer>;
  /** Undo of `addExtra`. */
  removeExtra(providerRef: string, extraCode: string): Promise<ChangeAnswer>;
}
