/**
 * Offline hosting platform for development, demos and tests. Accounts live in the database (the
 * adapter's own table), so every process of the shop and a restarted one see the same platform.
 * Creating is idempotent by `clientRef` (a repeat answers the first account); changing a package
 * or adding an extra sets a state, so a repeat changes nothing either.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { simulatedHostingAccounts } from '../../db/schema/index.ts';
import type { ChangeAnswer, CreateAccountAnswer, HostingAccountRequest, ProvisioningPort } from './provisioning-port.ts';

/** An account as the simulated platform holds it (for tests and the demo). */
export interface SimulatedHostingAccount {
  providerRef: string;
  clientRef: string;
  domain: string;
  username: string;
  packageCode: string;
  cmsInstall: string | null;
  customerRef: string;
  resellerSites: number | null;
  extras: string[];
}

export interface SimulatedProvisioning extends ProvisioningPort {
  /** The accounts that exist now, oldest first. */
  accounts(): Promise<SimulatedHostingAccount[]>;
}

/** Platform logins: lowercase letters and digits, starting with a letter, at most this long. */
const USERNAME_MAX = 12;

/**
 * The login for a domain: its first label without dots or dashes (`mijn-bakkerij.nl` ->
 * `mijnbakkerij`), shortened, with a number when another account already has it.
 */
export function usernameFor(domain: string, taken: (username: string) => boolean): string {
  const label = domain.trim().toLowerCase().split('.')[0] ?? '';
  let base = label.replace(/[^a-z0-9]/g, '');
  if (!/^[a-z]/.test(base)) base = `k${base}`;
  base = base.slice(0, USERNAME_MAX);
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

export interface SimulatedProvisioningOptions {
  db: Database;
  /** The platform's name; the default one is the shop's. Tests start a fresh platform with a new name. */
  platform?: string;
}

/** The shop's one simulated platform. */
export const DEFAULT_SIMULATED_PLATFORM = 'simulated';

type AccountRow = typeof simulatedHostingAccounts.$inferSelect;

const providerRefOf = (id: number) => `sim-${id}`;
/** The row id in a provider reference, or null for one this platform never handed out. */
function idOf(providerRef: string): number | null {
  const match = /^sim-(\d{1,9})$/.exec(providerRef);
  return match ? Number(match[1]) : null;
}

const accountOf = (row: AccountRow): SimulatedHostingAccount => ({
  providerRef: providerRefOf(row.id),
  clientRef: row.clientRef,
  domain: row.domain,
  username: row.username,
  packageCode: row.packageCode,
  cmsInstall: row.cmsInstall,
  customerRef: row.customerRef,
  resellerSites: row.resellerSites,
  extras: [...row.extras],
});

/** Two requests that race for one login: the loser picks the next free one. */
const CREATE_ATTEMPTS = 5;

export function createSimulatedProvisioning(options: SimulatedProvisioningOptions): SimulatedProvisioning {
  const { db } = options;
  const platform = options.platform ?? DEFAULT_SIMULATED_PLATFORM;
  const t = simulatedHostingAccounts;
  const unknown = (providerRef: string): ChangeAnswer => ({ ok: false, reason: 'unknown-account', detail: `no account ${providerRef}` });
  const onPlatform = (condition: ReturnType<typeof eq>) => and(eq(t.platform, platform), condition);

  async function findBy(condition: ReturnType<typeof eq>): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(t).where(onPlatform(condition));
    return row;
  }

  /** Sets something on an account; answers unknown-account when the reference names none. */
  async function change(providerRef: string, set: { packageCode?: string; extras?: SQL }): Promise<ChangeAnswer> {
    const id = idOf(providerRef);
    if (id === null) return unknown(providerRef);
    const changed = await db.update(t).set(set).where(onPlatform(eq(t.id, id))).returning({ id: t.id });
    return changed.length > 0 ? { ok: true } : unknown(providerRef);
  }

  return {
    name: 'simulated',

    async accounts() {
      const rows = await db.select().from(t).where(eq(t.platform, platform)).orderBy(asc(t.id));
      return rows.map(accountOf);
    },

    async createAccount(request: HostingAccountRequest): Promise<CreateAccountAnswer> {
      const domain = request.domain.trim().toLowerCase();
      for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
        const earlier = await findBy(eq(t.clientRef, request.clientRef));
        if (earlier) return { ok: true, providerRef: providerRefOf(earlier.id), username: earlier.username };
        if (await findBy(eq(t.domain, domain))) return { ok: false, reason: 'refused', detail: `${domain} already has a hosting account` };
        const usernames = new Set((await db.select({ username: t.username }).from(t).where(eq(t.platform, platform))).map((row) => row.username));
        const [created] = await db
          .insert(t)
          .values({
            platform,
            clientRef: request.clientRef,
            domain,
            username: usernameFor(domain, (username) => usernames.has(username)),
            packageCode: request.packageCode,
            cmsInstall: request.cmsInstall,
            customerRef: request.customerRef,
            resellerSites: request.resellerSites ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (created) return { ok: true, providerRef: providerRefOf(created.id), username: created.username };
        // Another process created an account with this reference, domain or login meanwhile: look again.
      }
      return { ok: false, reason: 'unreachable', detail: 'the simulated platform kept losing races for a login' };
    },

    changePackage(providerRef, packageCode) {
      return change(providerRef, { packageCode });
    },

    addExtra(providerRef, extraCode) {
      const added = JSON.stringify([extraCode]);
      return change(providerRef, { extras: sql`case when ${t.extras} @> ${added}::jsonb then ${t.extras} else ${t.extras} || ${added}::jsonb end` });
    },

    async deleteAccount(providerRef) {
      const id = idOf(providerRef);
      if (id === null) return unknown(providerRef);
      // The reference goes with the account: the same request later creates a new one rather
      // than answering an account that is gone.
      const deleted = await db.delete(t).where(onPlatform(eq(t.id, id))).returning({ id: t.id });
      return deleted.length > 0 ? { ok: true } : unknown(providerRef);
    },

    removeExtra(providerRef, extraCode) {
      return change(providerRef, { extras: sql`${t.extras} - ${extraCode}::text` });
    },
  };
}
