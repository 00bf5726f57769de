/**
 * A search the page was opened with: `?domain=` from the home page's search box, with `&extension=`
 * from an extension page (its name field carries the name only).
 */
export function searchFromAddress(search: string): string {
  const params = new URLSearchParams(search);
  const domain = (params.get('domain') ?? '').trim().slice(0, 300);
  const extension = (params.get('extension') ?? '').trim().toLowerCase();
  if (!domain) return '';
  return extension && /^[a-z0-9-]{2,63}$/.test(extension) && !domain.includes('.') ? `${domain}.${extension}` : domain;
}
