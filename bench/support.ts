/** Small helpers shared by the benchmarks: statistics, listening on loopback, tables. */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What every benchmark hands back to `run.ts`. */
export interface BenchmarkOutcome<Summary> {
  /** Human-readable report lines. */
  lines: string[];
  /** Machine-readable figures for the final JSON summary. */
  summary: Summary;
  /** Correctness failures (error responses, missing events); slow figures never go here. */
  failures: string[];
}

/** The value at percentile `p` (0..100) of `values`, nearest-rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rounds to `digits` decimals, for reports and JSON. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Starts `app` on 127.0.0.1 with a free port and returns its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** A plain-text table with right-aligned columns after the first. */
export function table(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string[] {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column]?.length ?? 0)));
  const format = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const [head, ...body] = cells;
  return [format(head!), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format)];
}

/** Milliseconds as `123.4 ms`. */
export const ms = (value: number): string => `${round(value, 1)} ms`;

/** Bytes as `12.3 KB` (1 KB = 1024 bytes). */
export const kb = (bytes: number): string => `${round(bytes / 1024, 1)} KB`;

/** The median of `values` with their smallest and largest, for figures measured over rounds. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spread(values: readonly number[], digits = 3): Spread {
  return { median: round(median(values), digits), min: round(Math.min(...values), digits), max: round(Math.max(...values), digits) };
}

/** `0.31 (0.28–0.35)`: a median with its range. */
export const showSpread = (value: Spread, unit = ''): string => `${value.median}${unit} (${value.min}–${value.max}${unit})`;

/** `met` or `MISS by …`: a figure against its goal, never rounded into a pass. */
export function verdict(value: number, goal: number, direction: 'at most' | 'at least', unit = ''): string {
  const met = direction === 'at most' ? value <= goal : value >= goal;
  if (met) return `met (goal ${direction} ${goal}${unit})`;
  const by = round(Math.abs(value - goal), 3);
  return `MISS by ${by}${unit} (goal ${direction} ${goal}${unit})`;
}
