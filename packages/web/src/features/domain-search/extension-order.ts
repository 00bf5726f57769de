/** Rows shown at first, and added per 'Show other extensions' click (spec 000 section 9). */
export const EXTENSIONS_PAGE_SIZE = 10;

/** The catalogue's popularity order, with the extension the visitor typed (if we sell it) first. */
export function orderExtensions<T extends { extension: string }>(products: readonly T[], typed: string | null): T[] {
  const first = typed === null ? undefined : products.find((product) => product.extension === typed);
  return first ? [first, ...products.filter((product) => product !== first)] : [...products];
}

/** `mijnbakkerij` + `mijnbakkerij.co.uk` -> `co.uk`; null for another name. */
export function extensionOf(label: string, domain: string): string | null {
  const prefix = `${label}.`;
  const lower = domain.toLowerCase();
  return lower.startsWith(prefix) && lower.length > prefix.length ? lower.slice(prefix.length) : null;
}
