import type { RegistrantContact } from './registry-port.ts';

/** A domain holder as the shop keeps it (an order line's snapshot, a domain's holder row). */
export interface HolderFields {
  company: string;
  forename: string;
  surname: string;
  street: string;
  houseNumber: string;
  houseNumberAdd: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
}

/** The holder as a registry takes it: one name, the addition with the house number. */
export function registrantOf(holder: HolderFields): RegistrantContact {
  return {
    company: holder.company,
    name: `${holder.forename} ${holder.surname}`.trim(),
    street: holder.street,
    houseNumber: holder.houseNumberAdd ? `${holder.houseNumber} ${holder.houseNumberAdd}` : holder.houseNumber,
    postcode: holder.postcode,
    city: holder.city,
    country: holder.country,
    phone: holder.phone,
    email: holder.email,
  };
}
