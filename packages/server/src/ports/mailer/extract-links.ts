/**
 * The http(s) links in a text, in order of appearance, each once. Trailing punctuation that ends a
 * sentence (`.`, `,`, `)` …) is not part of the link; `&amp;` (a link copied from HTML) becomes `&`.
 */
export function extractLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`]+/gi)) {
    const link = match[0].replace(/&amp;/g, '&').replace(/[.,;:!?)\]}]+$/, '');
    if (!links.includes(link)) links.push(link);
  }
  return links;
}
