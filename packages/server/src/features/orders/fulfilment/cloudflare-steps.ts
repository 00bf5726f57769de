import type { CloudflareFailure, CloudflarePlan } from '../../../ports/cloudflare/index.ts';
import type { OrderLineRow } from './fulfilment-repository.ts';
import { clientRefOf, field, permanent, succeed, transient, type OrderContext, type StepDefinition, type StepDeps, type StepOutcome } from './fulfilment-step.ts';

/** Cloudflare's plan of a catalogue product: `CLOUDFLARE_PRO` is Pro, `CLOUDFLARE_BUSINESS` Business. */
export function cloudflarePlanOf(productCode: string): CloudflarePlan | null {
  const plan = productCode.toLowerCase().replace(/^cloudflare_/, '');
  return plan === 'pro' || plan === 'business' ? plan : null;
}

/** The domain a Cloudflare line protects: the one the customer assigned (the title otherwise). */
export const assignedDomainOf = (line: OrderLineRow) => (line.options.assignedDomain ?? line.title).trim().toLowerCase();

function cloudflareFailure(call: string, answer: CloudflareFailure): StepOutcome {
  const error = `cloudflare ${call}: ${answer.reason}${answer.detail ? ` (${answer.detail})` : ''}`;
  return answer.reason === 'unreachable' ? transient(error) : permanent(error);
}

/**
 * One of the customer's domains behind Cloudflare on the line's plan. Cloudflare finds a zone
 * by its name, so a repeat answers the zone it made; the shop's row is written when the step is
 * done. Undone by removing the zone.
 */
export function cloudflarePlanStep(order: OrderContext, deps: StepDeps, line: OrderLineRow, key: string): StepDefinition {
  const clientRef = clientRefOf(order.orderId, line.unique);
  const domain = assignedDomainOf(line);
  return {
    key,
    async run() {
      const existing = await deps.cloudflare.findByDomain(domain);
      // Recorded by this very step in a run that lost its lease half-way.
      if (existing?.clientRef === clientRef) return succeed(async () => ({ zoneRowId: existing.id, zoneId: existing.zoneId }));
      if (existing) return permanent(`${domain} is already on a Cloudflare plan`);
      const plan = cloudflarePlanOf(line.productCode);
      if (!plan) return permanent(`${line.productCode} is no Cloudflare plan`);
      if (!(await deps.domains.findOwned(order.customerId, domain))) return permanent(`${domain} is not the customer's domain`);
      const answer = await deps.cloudflareAccount.protect({ clientRef, domain, plan });
      if (!answer.ok) return cloudflareFailure('protect', answer);
      return succeed(async (tx) => {
        const zoneRowId = await deps.cloudflare.insertZone(tx, {
          customerId: order.customerId,
          orderId: order.orderId,
          clientRef,
          domain,
          productId: line.productId,
          planCode: line.productCode,
          zoneId: answer.zoneId,
          nameservers: answer.nameservers,
          status: answer.status,
        });
        return { zoneRowId, zoneId: answer.zoneId };
      });
    },
    async undo(result) {
      const zoneRowId = field(result, 'zoneRowId', 'number');
      const answer = await deps.cloudflareAccount.remove(field(result, 'zoneId', 'string'));
      if (!answer.ok && answer.reason !== 'unknown') return cloudflareFailure('remove', answer);
      return succeed(async (tx) => {
        await deps.cloudflare.removeZone(tx, zoneRowId);
        return result;
      });
    },
  };
}
