/**
 * Reads at most `limit` bytes of an HTTP answer's body as UTF-8; null when it is larger (the rest
 * is not read). For adapters that ask a party outside the shop, so a runaway answer cannot fill
 * the process's memory.
 */
export async function readCapped(response: Response, limit: number): Promise<string | null> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
