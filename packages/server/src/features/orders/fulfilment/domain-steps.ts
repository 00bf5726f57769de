import { registrantOf } from '../../../ports/registry/registrant.ts';
import type { DomainRegistrationAnswer } from '../../../ports/registry/registry-port.ts';
import { zoneFor } from '../../dns/dns-service.ts';
import { DEFAULT_DNS_ZONE } from '../../dns/default-dns-zone.ts';
import type { ForwardSnapshot } from '../../domains/forward-service.ts';
import type { OrderLineRow } from './fulfilment-repository.ts';
import {
  clientRefOf,
  field,
  nothingToWrite,
  PermanentFailure,
  permanent,
  succeed,
  transient,
  waiting,
  type OrderContext,
  type StepDefinition,
  type StepDeps,
  type StepOutcome,
} from './fulfilment-step.ts';

/** How long one registry call may take before the step counts as failed for now. */
const REGISTRY_TIMEOUT_MS = 30_000;

/** The registry's refusals that another try will not change. */
const PERMANENT_REGISTRY_REASONS = new Set(['taken', 'invalid-transfer-code', 'unsupported']);


function addYears(date: Date, years: number): Date {
  const later = new Date(date.getTime());
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

function registryFailure(answer: Exclude<DomainRegistrationAnswer, { ok: true }>): StepOutcome {
  const error = `registry: ${answer.reason}${answer.detail ? ` (${answer.detail})` : ''}`;
  return PERMANENT_REGISTRY_REASONS.has(answer.reason) ? permanent(error) : transient(error);
}

/** The domain line and what hangs under it, as the plan hands them to the step factories. */
export interface DomainLines {
  domain: OrderLineRow;
  children: OrderLineRow[];
}

/** The key of a transfer's step, before the domain name. */
export const TRANSFER_STEP = 'transfer-domain:';
export const registerKey = (name: string, kind: 'registration' | 'transfer') => `${kind === 'transfer' ? TRANSFER_STEP : 'register-domain:'}${name}`;
export const addDomainKey = (name: string) => `add-domain:${name}`;

/** The transfer code: on the domain line's options, or the code line's title. */
function transferCodeOf({ domain, children }: DomainLines): string | null {
  return domain.options.transferCode ?? children.find((child) => child.productType === 'TRANSFER_CODE')?.title ?? null;
}

/**
 * A new domain: registered (or transferred in) at the registry, recorded as the customer's,
 * and given its zone. Undone in reverse: zone emptied, row removed, name released.
 */
export function newDomainSteps(order: OrderContext, deps: StepDeps, lines: DomainLines): StepDefinition[] {
  const name = lines.domain.title.toLowerCase();
  const kind = lines.domain.productType === 'DOMAIN_TRANSFER' ? 'transfer' : 'registration';
  const clientRef = clientRefOf(order.orderId, lines.domain.unique);
  const registered = registerKey(name, kind);
  const added = addDomainKey(name);

  const register: StepDefinition = {
    key: registered,
    async run() {
      const holder = lines.domain.holder;
      if (!holder) return permanent(`no domain holder on the order line of ${name}`);
      const answer = await deps.registry.register(
        { clientRef, domain: name, kind, transferCode: kind === 'transfer' ? transferCodeOf(lines) : null, years: order.years, registrant: registrantOf(holder) },
        AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
      );
      if (!answer.ok) return registryFailure(answer);
      if (answer.state === 'registered') return succeed(async () => ({ expiresAt: answer.expiresAt.toISOString() }));
      // A transfer in: the losing registrar has its period. The step waits until the registry
      // reports it complete; the sweep asks again.
      const status = await deps.registry.transferStatus({ clientRef, domain: name }, AbortSignal.timeout(REGISTRY_TIMEOUT_MS));
      if (!status.ok) {
        const error = `registry transfer status: ${status.reason}${status.detail ? ` (${status.detail})` : ''}`;
        return status.reason === 'unsupported' ? permanent(error) : transient(error);
      }
      switch (status.state) {
        case 'pending':
          return waiting({ completesAt: (status.completesAt ?? answer.completesAt)?.toISOString() ?? null });
        case 'rejected':
          return permanent(`registry: transfer rejected (${status.detail})`);
        case 'completed':
          return succeed(async () => ({ expiresAt: status.expiresAt.toISOString() }));
      }
    },
    async undo() {
      const answer = await deps.registry.release(name, clientRef);
      if (answer.ok) return succeed(nothingToWrite);
      if (answer.reason === 'unreachable') return transient(`registry release: unreachable${answer.detail ? ` (${answer.detail})` : ''}`);
      // A registry that cannot release (a lookup-only adapter): the name stays registered, which
      // a person must know about; the rest of the undo goes on.
      deps.log.warn({ orderId: order.orderId, domain: name, detail: answer.detail }, 'the registry could not release a domain of a failed order');
      return succeed(nothingToWrite);
    },
  };

  const addDomain: StepDefinition = {
    key: added,
    async run(done) {
      // The registry's expiry date; a step done before registries answered one: now + the period.
      const answered = done.get(registered)?.expiresAt;
      const expiresAt = typeof answered === 'string' ? new Date(answered) : addYears(order.now(), order.years);
      return succeed(async (tx) => {
        const domainId = await deps.domains.recordOrdered(tx, { name, customerId: order.customerId, orderId: order.orderId, status: 'active', expiresAt });
        if (domainId === null) throw new PermanentFailure(`${name} is already in the shop`);
        // The holder the registry now has (the register step refused a line without one).
        if (lines.domain.holder) await deps.recordHolder(tx, domainId, lines.domain.holder);
        return { domainId };
      });
    },
    async undo(result) {
      const domainId = field(result, 'domainId', 'number');
      return succeed(async (tx) => {
        await deps.domains.removeOrdered(tx, domainId, order.orderId);
        return result;
      });
    },
  };

  const zone: StepDefinition = {
    key: `dns-zone:${name}`,
    async run(done) {
      const domainId = field(done.get(added) ?? {}, 'domainId', 'number');
      const profileId = kind === 'transfer' ? lines.domain.options.dnsProfileId : null;
      let records = profileId ? await deps.dns.profileRecords(order.customerId, profileId) : DEFAULT_DNS_ZONE;
      if (records === null) {
        // The profile was deleted after the purchase: the domain still needs a working zone.
        deps.log.warn({ orderId: order.orderId, domain: name, profileId }, 'DNS profile of a transfer is gone; the default zone is used');
        records = DEFAULT_DNS_ZONE;
      }
      const filled = zoneFor(name, records);
      return succeed(async (tx) => ({ domainId, records: (await deps.dns.writeZone(tx, domainId, filled)).records.length }));
    },
    async undo(result) {
      const domainId = field(result, 'domainId', 'number');
      return succeed(async (tx) => {
        await deps.dns.clearZone(tx, domainId);
        return result;
      });
    },
  };

  return [register, addDomain, zone];
}

/** The order's redirect becomes the domain's HTTP forward (301) with its DNS records; undo puts back what was there. */
export function redirectStep(order: OrderContext, deps: StepDeps, lines: DomainLines, redirect: OrderLineRow): StepDefinition {
  const name = lines.domain.title.toLowerCase();
  const target = redirect.options.redirectUrl ?? lines.domain.options.redirectUrl ?? redirect.title;
  return {
    key: `redirect:${name}`,
    async run() {
      return succeed(async (tx) => {
        const domain = await deps.domains.findOwned(order.customerId, name, tx);
        if (!domain) throw new PermanentFailure(`${name} is not the customer's domain`);
        const previous = await deps.forwards.setOrderForward(tx, domain.id, target, order.orderId);
        return { domainId: domain.id, previous };
      });
    },
    async undo(result) {
      const domainId = field(result, 'domainId', 'number');
      const previous = typeof result.previous === 'object' && result.previous !== null ? (result.previous as unknown as ForwardSnapshot) : null;
      return succeed(async (tx) => {
        await deps.forwards.restoreOrderForward(tx, domainId, previous);
        return result;
      });
    },
  };
}
