// Writes the password judge's trimmed lists (packages/core/src/password-dictionary/lists.generated.ts)
// from the zxcvbn-ts language packages: run with `npx tsx scripts/write-password-lists.ts` after
// upgrading them or changing the caps in trim.ts.
import { writeFileSync } from 'node:fs';
import { passwordListsModule } from '../packages/core/src/password-dictionary/trim.ts';

writeFileSync(new URL('../packages/core/src/password-dictionary/lists.generated.ts', import.meta.url), passwordListsModule());
