import { sql, type SQL } from 'drizzle-orm';

/**
 * A column of many rows as one array parameter, for `= any(...)` and `unnest(...)`. A statement
 * with a parameter per row and column costs the most where it hurts: drizzle builds each parameter
 * on the server's one thread (a burst of searches writes 4,000 remembered answers, about 130 ms of
 * building), and PostgreSQL parses and plans each. With arrays a statement has one parameter per
 * column, whatever its rows, and is the same text every time.
 */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;

export const integerArray = (values: readonly number[]): SQL => sql`${sql.param([...values])}::integer[]`;

/** As ISO strings: both drivers send them as text, and PostgreSQL reads them as instants. */
export const timeArray = (values: readonly Date[]): SQL => sql`${sql.param(values.map((value) => value.toISOString()))}::timestamptz[]`;
