/**
 * Addresses as the personal details and adviser pages show them (spec 2 §2.7): a UK address
 * (region GB) as house name or number, line 1, line 2, city, county and postcode; any other
 * region as one street line plus city, county and postcode. Empty lines are left out.
 */

/** An address as entity/client-v3/{id}/address and adviser cards answer it (spec 2 §3). */
export interface AddressRecord {
  type?: number | null;
  block?: string | null;
  street_name?: string | null;
  street_name_2?: string | null;
  street?: string | null;
  suburb?: string | null;
  state?: string | null;
  postcode?: string | null;
  status?: string | null;
  preferred?: boolean | null;
}

/** Address type codes (spec 2 §3). */
export const ADDRESS_TYPE = { postal: 0, residential: 1, work: 2 } as const;

export type AddressLayout = 'uk' | 'other';

export interface AddressLine {
  label: string;
  value: string;
}

export function addressLayout(region: string | null | undefined): AddressLayout {
  return (region ?? '').trim().toUpperCase() === 'GB' ? 'uk' : 'other';
}

/** The labelled lines of an address in its region's layout, empty ones left out. */
export function addressLines(address: AddressRecord | null | undefined, region: string | null | undefined): AddressLine[] {
  if (!address) return [];
  const lines: [string, string | null | undefined][] =
    addressLayout(region) === 'uk'
      ? [
          ['House name/number', address.block],
          ['Address line 1', address.street_name],
          ['Address line 2', address.street_name_2],
          ['City', address.suburb],
          ['County', address.state],
          ['Postcode', address.postcode],
        ]
      : [
          ['Street', address.street],
          ['City', address.suburb],
          ['County', address.state],
          ['Postcode', address.postcode],
        ];
  return lines.flatMap(([label, value]) => (value && value.trim() ? [{ label, value: value.trim() }] : []));
}

/**
 * The address of a type to show: a current one (status Current, or none given), the preferred
 * first; a previous address is history, not where the client lives now.
 */
export function currentAddress(addresses: readonly AddressRecord[], type: number): AddressRecord | null {
  const current = addresses.filter((a) => a.type === type && (!a.status || a.status.toLowerCase() === 'current'));
  return current.find((a) => a.preferred) ?? current[0] ?? null;
}

/** The address on one line, for a maps search. */
export function addressQuery(lines: readonly AddressLine[]): string {
  return lines.map((line) => line.value).join(', ');
}

/** A maps search for the address, opened in a new tab ('Show on map', spec 2 §2.9). */
export function mapUrl(lines: readonly AddressLine[]): string | null {
  if (lines.length === 0) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressQuery(lines))}`;
}
