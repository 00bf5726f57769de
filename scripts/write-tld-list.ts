// Writes IANA's top-level domains for the DNS rules (packages/core/src/dns/tlds.generated.ts) from
// the `tlds` package: run with `npx tsx scripts/write-tld-list.ts` after upgrading it.
import { writeFileSync } from 'node:fs';
import { topLevelDomainsModule } from '../packages/core/src/dns/tld-list.ts';

writeFileSync(new URL('../packages/core/src/dns/tlds.generated.ts', import.meta.url), topLevelDomainsModule());
