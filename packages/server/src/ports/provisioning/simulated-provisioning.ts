/**
 * Offline hosting platform for development, demos and tests: accounts live in memory. Creating is
 * idempotent by `clientRef` (a repeat answers the first account); changing a package or adding an
 * extra sets a state, so a repeat changes nothing either.
 */
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
  extras: string[];
}

export interface SimulatedProvisioning extends ProvisioningPort {
  /** The accounts that exist now, oldest first. */
  accounts(): SimulatedHostingAccount[];
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

export function createSimulatedProvisioning(): SimulatedProvisioning {
  const accounts = new Map<string, SimulatedHostingAccount>();
  const created = new Map<string, CreateAccountAnswer>();
  let sequence = 0;
  const unknown = (providerRef: string): ChangeAnswer => ({ ok: false, reason: 'unknown-account', detail: `no account ${providerRef}` });
  const hasUsername = (username: string) => [...accounts.values()].some((account) => account.username === username);

  return {
    name: 'simulated',

    accounts: () => [...accounts.values()].map((account) => ({ ...account, extras: [...account.extras] })),

    async createAccount(request: HostingAccountRequest): Promise<CreateAccountAnswer> {
      const earlier = created.get(request.clientRef);
      if (earlier) return earlier;
      const domain = request.domain.trim().toLowerCase();
      if ([...accounts.values()].some((account) => account.domain === domain)) {
        return { ok: false, reason: 'refused', detail: `${domain} already has a hosting account` };
      }
      const account: SimulatedHostingAccount = {
        providerRef: `sim-${++sequence}`,
        clientRef: request.clientRef,
        domain,
        username: usernameFor(domain, hasUsername),
        packageCode: request.packageCode,
        cmsInstall: request.cmsInstall,
        customerRef: request.customerRef,
        extras: [],
      };
      accounts.set(account.providerRef, account);
      const answer: CreateAccountAnswer = { ok: true, providerRef: account.providerRef, username: account.username };
      created.set(request.clientRef, answer);
      return answer;
    },

    async changePackage(providerRef, packageCode) {
      const account = accounts.get(providerRef);
      if (!account) return unknown(providerRef);
      account.packageCode = packageCode;
      return { ok: true };
    },

    async addExtra(providerRef, extraCode) {
      const account = accounts.get(providerRef);
      if (!account) return unknown(providerRef);
      if (!account.extras.includes(extraCode)) account.extras.push(extraCode);
      return { ok: true };
    },

    async deleteAccount(providerRef) {
      const account = accounts.get(providerRef);
      if (!account) return unknown(providerRef);
      accounts.delete(providerRef);
      // Forgotten with the account: the same request later creates a new one rather than
      // answering an account that is gone.
      created.delete(account.clientRef);
      return { ok: true };
    },

    async removeExtra(providerRef, extraCode) {
      const account = accounts.get(providerRef);
      if (!account) return unknown(providerRef);
      account.extras = account.extras.filter((code) => code !== extraCode);
      return { ok: true };
    },
  };
}
