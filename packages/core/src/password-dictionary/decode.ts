/** Reads a list of `encodePasswordList` (`trim.ts`) back into its words, in order. */
export function decodePasswordList(encoded: string): string[] {
  const parts = encoded.split(/([A-Z])/);
  const words: string[] = [];
  let previous = '';
  for (let index = 1; index < parts.length; index += 2) {
    previous = previous.slice(0, parts[index]!.charCodeAt(0) - 65) + parts[index + 1]!;
    words.push(previous);
  }
  return words;
}
