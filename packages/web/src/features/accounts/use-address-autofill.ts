import { cleanPostcode, houseNumberOf } from '@kavel/core';
import { addressContracts } from '@kavel/core/contracts/addresses';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { call } from '../../api/client.ts';

/** The Netherlands in the order app's country list: the only country the lookup knows. */
const NETHERLANDS = '154';

/** A form with the address fields the lookup reads and fills, named as in the registration and customer-data forms. */
interface AddressValues extends FieldValues {
  street: string;
  streetNumber: string;
  postCode: string;
  city: string;
  countryId?: unknown;
}

/**
 * Spec 001 section 5's address autofill: once a Dutch postcode and a house number are filled in,
 * the shop looks up the street and place and fills them in. A street or place the customer typed
 * is left alone; one filled in earlier by the lookup follows the new address. An address the
 * lookup does not know changes nothing: the customer types it.
 */
export function useAddressAutofill<T extends AddressValues, C, O>(form: UseFormReturn<T, C, O>): void {
  const [postCode, streetNumber, countryId] = useWatch({ control: form.control, name: ['postCode', 'streetNumber', 'countryId'] as Path<T>[] }) as unknown[];
  const postcode = cleanPostcode(String(postCode ?? ''));
  const number = houseNumberOf(String(streetNumber ?? ''));
  const lookup = useQuery({
    queryKey: ['address', postcode, number],
    queryFn: ({ signal }) => call(addressContracts.addressLookup, { query: { postcode: postcode!, huisnummer: String(number) } }, { signal }),
    enabled: String(countryId ?? NETHERLANDS) === NETHERLANDS && postcode !== null && number !== null,
    retry: false,
    staleTime: Infinity,
  });
  const filled = useRef<{ street: string; city: string }>({ street: '', city: '' });
  const found = lookup.data;
  useEffect(() => {
    if (!found) return;
    for (const field of ['street', 'city'] as const) {
      const name = field as Path<T>;
      const current = String(form.getValues(name) ?? '').trim();
      if (current !== '' && current !== filled.current[field]) continue;
      form.setValue(name, found[field] as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      filled.current[field] = found[field];
    }
  }, [found, form]);
}
