import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { AccountTabs } from './account-tabs.tsx';
import { CustomerSummary } from './customer-summary.tsx';
import { useAuth } from './use-auth.ts';
import './accounts.css';

/** Step 3's customer part: register or log in, or, once logged in, who is ordering. */
export function AccountStep() {
  const t = useT();
  const auth = useAuth();
  const [justLoggedIn, setJustLoggedIn] = useState(false);
  if (auth.isPending) return <Spinner label={t('common.loading')} />;
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  if (customer) return <CustomerSummary customer={customer} focusOnMount={justLoggedIn} />;
  return <AccountTabs onLoggedIn={() => setJustLoggedIn(true)} />;
}
