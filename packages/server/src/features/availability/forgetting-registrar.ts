import type { DomainRegistrar } from '../../ports/registry/registry-port.ts';
import type { AvailabilityService } from './availability-service.ts';

/**
 * The registrar as fulfilment uses it: once a domain is registered, its transfer completed, or released again, the
 * remembered availability answer for it is dropped in every process, so no search reports a
 * domain free that the shop has just registered.
 */
export function forgettingRegistrar(registrar: DomainRegistrar, availability: Pick<AvailabilityService, 'forget'>): DomainRegistrar {
  const forget = async (domain: string) => {
    // The answer expires by itself anyway: a cache that cannot forget now must not fail the step.
    await availability.forget(domain.toLowerCase()).catch(() => undefined);
  };
  return {
    async register(request, signal) {
      const answer = await registrar.register(request, signal);
      if (answer.ok) await forget(request.domain);
      return answer;
    },
    async transferStatus(request, signal) {
      const answer = await registrar.transferStatus(request, signal);
      if (answer.ok && answer.state === 'completed') await forget(request.domain);
      return answer;
    },
    async release(domain, clientRef) {
      const answer = await registrar.release(domain, clientRef);
      if (answer.ok) await forget(domain);
      return answer;
    },
    setNameservers: (domain, nameservers) => registrar.setNameservers(domain, nameservers),
    updateHolder: (domain, registrant) => registrar.updateHolder(domain, registrant),
  };
}
