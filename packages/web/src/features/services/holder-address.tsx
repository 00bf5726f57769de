import type { TDomainHolder } from '@kavel/core';

/** A holder's name, address and contact details, as the whois shows them. */
export function HolderAddress({ holder }: { holder: Pick<TDomainHolder, 'company' | 'forename' | 'surname' | 'street' | 'houseNumber' | 'houseNumberAdd' | 'postcode' | 'city' | 'country' | 'email' | 'phone'> }) {
  const name = `${holder.forename} ${holder.surname}`;
  return (
    <address className="domain-holder__address" data-testid="domain-holder-address">
      {holder.company && <span>{holder.company}</span>}
      <span>{name}</span>
      <span>{[holder.street, holder.houseNumber, holder.houseNumberAdd].filter(Boolean).join(' ')}</span>
      <span>{`${holder.postcode} ${holder.city}, ${holder.country}`}</span>
      <span>{holder.email}</span>
      <span>{holder.phone}</span>
    </address>
  );
}
