import type { THostingPackage, TOrderProduct } from '@kavel/core';
import type { Transaction } from '../../../db/connect.ts';
import type { HolderSnapshot } from '../../../db/schema/index.ts';
import type { CertificatePort } from '../../../ports/certificates/index.ts';
import type { CloudflarePort } from '../../../ports/cloudflare/index.ts';
import type { VpsPort } from '../../../ports/vps/index.ts';
import type { CertificateService } from '../../certificates/certificate-service.ts';
import type { CloudflareService } from '../../cloudflare/cloudflare-service.ts';
import type { VpsService } from '../../vps/vps-service.ts';
import type { ProvisioningPort } from '../../../ports/provisioning/provisioning-port.ts';
import type { DomainRegistrar } from '../../../ports/registry/registry-port.ts';
import type { DnsService } from '../../dns/dns-service.ts';
import type { ForwardService } from '../../domains/forward-service.ts';
import type { DomainService } from '../../domains/domain-service.ts';
import type { HostingService } from '../../hosting/hosting-service.ts';

/** What a step made (ids, the platform's references), stored on its row for its undo. */
export type StepResult = Record<string, unknown>;

/** The local half of a step: writes its rows in the transaction that marks the step done. */
export type StepWrite = (tx: Transaction) => Promise<StepResult>;

/**
 * A step's outside work went well (`write` completes it locally); or the outside party accepted
 * it and is still busy (a transfer waiting for the losing registrar: the step waits, and a later
 * run asks again); or it failed: for now (the platform was unreachable, timed out, threw: a later
 * run tries again) or for good (taken, refused, invalid transfer code: the order cannot be
 * delivered and is undone).
 */
export type StepOutcome =
  | { ok: true; write: StepWrite }
  | { ok: false; waiting: true; note: StepResult }
  | { ok: false; waiting: false; permanent: boolean; error: string };

/**
 * One step of delivering an order. `run` may be called again after a crash or a failure for
 * now; its outside calls carry the same clientRef then, so the platform answers the first result.
 */
export interface StepDefinition {
  /** Unique within the order: `add-domain:mijnbakkerij.nl`. */
  key: string;
  /** `done` holds the results of the steps before it that are done. */
  run(done: ReadonlyMap<string, StepResult>): Promise<StepOutcome>;
  /** Takes the step back (in reverse order, after a permanent failure); `result` is what `run` wrote. */
  undo(result: StepResult): Promise<StepOutcome>;
}

/** Thrown by a step's `write` when its rows cannot be written, ever (the name is someone else's). */
export class PermanentFailure extends Error {}

export const permanent = (error: string): StepOutcome => ({ ok: false, waiting: false, permanent: true, error });
export const transient = (error: string): StepOutcome => ({ ok: false, waiting: false, permanent: false, error });
/** The outside party is still at work; `note` is kept on the step (e.g. when it expects to finish). */
export const waiting = (note: StepResult): StepOutcome => ({ ok: false, waiting: true, note });
export const succeed = (write: StepWrite): StepOutcome => ({ ok: true, write });
/** An undo or step with nothing to write locally. */
export const nothingToWrite: StepWrite = async () => ({});

/** What the steps may use: the ports and the services of the features whose rows they write. */
export interface StepDeps {
  registry: DomainRegistrar;
  provisioning: ProvisioningPort;
  domains: Pick<DomainService, 'recordOrdered' | 'removeOrdered' | 'findOwned'>;
  /** An ordered redirect becomes the domain's forward (with its DNS records). */
  forwards: Pick<ForwardService, 'setOrderForward' | 'restoreOrderForward'>;
  dns: Pick<DnsService, 'profileRecords' | 'writeZone' | 'clearZone'>;
  hosting: Pick<HostingService, 'findByDomain' | 'domainsWithAccount' | 'insertAccount' | 'removeAccount' | 'setPackage' | 'addExtra' | 'removeExtra'>;
  /** The authority that issues SSL certificates, and the shop's rows of them. */
  certificateAuthority: CertificatePort;
  certificates: Pick<CertificateService, 'prepare' | 'setProviderRef' | 'markIssued' | 'markFailed' | 'markRevoked'>;
  /** The Cloudflare account that protects customers' domains, and the shop's rows of them. */
  cloudflareAccount: CloudflarePort;
  cloudflare: Pick<CloudflareService, 'findByDomain' | 'insertZone' | 'removeZone'>;
  /** The platform that runs virtual servers, and the shop's rows of them. */
  vpsPlatform: VpsPort;
  vps: Pick<VpsService, 'record' | 'remove'>;
  /** An order app product of the catalogue (a certificate's validation); undefined when it is not (or no longer) there. */
  orderProduct(productId: number): Promise<TOrderProduct | undefined>;
  /** A hosting package of the catalogue (a reseller package's number of sites); undefined when it is not (or no longer) there. */
  hostingPackage(productId: number): Promise<THostingPackage | undefined>;
  /** The customer's company name for an OV or EV certificate; null for a private person. */
  organisationOf(customerId: number): Promise<string | null>;
  /** The holder a new domain was registered with, kept on the domain (the whois feature), in the step's transaction. */
  recordHolder(tx: Transaction, domainId: number, holder: HolderSnapshot): Promise<void>;
  log: { warn(details: object, message: string): void };
}

/** The order being delivered, as every step of it sees it. */
export interface OrderContext {
  orderId: number;
  customerId: number;
  /** Registration years: the order's period. */
  years: number;
  now: () => Date;
}

/** The reference an outside call carries: the same for every try of one order line. */
export const clientRefOf = (orderId: number, lineUnique: string): string => `order-${orderId}:${lineUnique}`;

/** A step result's field, checked: results come back from a JSON column. */
export function field<T extends 'number' | 'string' | 'boolean'>(result: StepResult, name: string, type: T): T extends 'number' ? number : T extends 'string' ? string : boolean {
  const value = result[name];
  if (typeof value !== type) throw new Error(`step result lacks ${name}`);
  return value as T extends 'number' ? number : T extends 'string' ? string : boolean;
}
