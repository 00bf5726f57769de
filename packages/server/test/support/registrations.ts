import type { DomainRegistrationRequest, RegistrantContact } from '../../src/ports/registry/registry-port.ts';

/** A holder as the registry receives one. */
export const testRegistrant: RegistrantContact = {
  company: '',
  name: 'Anna de Boer',
  street: 'Damrak',
  houseNumber: '12',
  postcode: '1012 LG',
  city: 'Amsterdam',
  country: 'NL',
  phone: '+31 20 555 0101',
  email: 'anna@example.nl',
};

/** A registration request for one year with the test holder; `extra` makes it a transfer or changes the rest. */
export const registrationRequest = (domain: string, clientRef: string, extra: Partial<DomainRegistrationRequest> = {}): DomainRegistrationRequest => ({
  clientRef,
  domain,
  kind: 'registration',
  transferCode: null,
  years: 1,
  registrant: testRegistrant,
  ...extra,
});
