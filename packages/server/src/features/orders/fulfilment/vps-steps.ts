import type { VpsFailure } from '../../../ports/vps/index.ts';
import type { OrderLineRow } from './fulfilment-repository.ts';
import { clientRefOf, field, permanent, succeed, transient, waiting, type OrderContext, type StepDefinition, type StepDeps, type StepOutcome } from './fulfilment-step.ts';

function vpsFailure(call: string, answer: VpsFailure): StepOutcome {
  const error = `vps ${call}: ${answer.reason}${answer.detail ? ` (${answer.detail})` : ''}`;
  return answer.reason === 'unreachable' ? transient(error) : permanent(error);
}

/** The host name of the order's `number`th server (1-based): the same on every run. */
export const vpsHostnameOf = (orderId: number, number: number) => `vps-${orderId}-${number}`;

/**
 * A virtual server of the line's package. The platform answers a repeat with the server the
 * first call made (and its current state), so every run asks it again: while the server boots
 * the shop's row says `provisioning` and the step waits; once it runs, the row gets its status
 * and address and the step is done. Undone by deleting the server.
 */
export function vpsStep(order: OrderContext, deps: StepDeps, line: OrderLineRow, key: string, number: number): StepDefinition {
  const clientRef = clientRefOf(order.orderId, line.unique);
  const hostname = vpsHostnameOf(order.orderId, number);
  return {
    key,
    async run() {
      const spec = line.options.vpsSpec;
      if (!spec) return permanent(`no VPS spec on the order line of ${line.productCode}`);
      const answer = await deps.vpsPlatform.createVps({
        clientRef,
        hostname,
        packageCode: line.productCode,
        spec: { vCpu: spec.vCpu, memoryGb: spec.memoryGb, diskGb: spec.diskGb },
        customerRef: `customer-${order.customerId}`,
      });
      if (!answer.ok) return vpsFailure('createVps', answer);
      const server = {
        customerId: order.customerId,
        orderId: order.orderId,
        clientRef,
        name: hostname,
        productId: line.productId,
        productCode: line.productCode,
        spec,
        providerRef: answer.providerRef,
        status: answer.status,
        ipv4: answer.ipv4 ?? null,
        ipv6: null,
      };
      if (answer.status === 'provisioning') {
        // Shown to the customer while it boots.
        const serverId = await deps.vps.record(server);
        return waiting({ serverId, providerRef: answer.providerRef });
      }
      return succeed(async (tx) => ({ serverId: await deps.vps.record(server, tx), providerRef: answer.providerRef }));
    },
    async undo(result) {
      const serverId = field(result, 'serverId', 'number');
      const answer = await deps.vpsPlatform.deleteVps(field(result, 'providerRef', 'string'));
      if (!answer.ok && answer.reason !== 'unknown') return vpsFailure('deleteVps', answer);
      return succeed(async (tx) => {
        await deps.vps.remove(tx, serverId);
        return result;
      });
    },
  };
}
