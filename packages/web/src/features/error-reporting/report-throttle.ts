/**
 * At most `max` reports in any `windowMs`; each report counts against the limit for the whole
 * window (spec 001 section 9).
 */
export function createReportThrottle(max: number, windowMs: number, now: () => number = Date.now): () => boolean {
  const sent: number[] = [];
  return () => {
    const t = now();
    while (sent.length > 0 && (sent[0] ?? 0) <= t - windowMs) sent.shift();
    if (sent.length >= max) return false;
    sent.push(t);
    return true;
  };
}
