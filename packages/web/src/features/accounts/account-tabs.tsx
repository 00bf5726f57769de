import { useId, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { AwaitingActivation } from './awaiting-activation.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegistrationForm } from './registration-form.tsx';

type Tab = 'new' | 'existing';
const TABS: readonly Tab[] = ['new', 'existing'];

/**
 * 'New customer' / 'I am already a customer' as an ARIA tablist (arrow keys, Home and End move
 * between tabs). Only the chosen panel is rendered, so each page holds one e-mail field.
 */
export function AccountTabs({ onLoggedIn }: { onLoggedIn(): void }) {
  const t = useT();
  const id = useId();
  const [tab, setTab] = useState<Tab>('new');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [forgotPassword, setForgotPassword] = useState(false);
  const tabId = (name: Tab) => `${id}-tab-${name}`;

  const choose = (next: Tab) => {
    setTab(next);
    document.getElementById(tabId(next))?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? TABS[(index + 1) % TABS.length] : event.key === 'ArrowLeft' ? TABS[(index + TABS.length - 1) % TABS.length] : event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS[TABS.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    choose(next);
  };

  const tabProps = (name: Tab, testId: string) => ({
    role: 'tab',
    type: 'button' as const,
    id: tabId(name),
    className: 'tabs__tab',
    'aria-selected': tab === name,
    'aria-controls': `${id}-panel-${name}`,
    tabIndex: tab === name ? 0 : -1,
    onClick: () => setTab(name),
    'data-testid': testId,
  });
  const panelProps = (name: Tab) => ({ role: 'tabpanel', id: `${id}-panel-${name}`, 'aria-labelledby': tabId(name), className: 'tabs__panel', hidden: tab !== name });

  return (
    <div className="tabs account-tabs">
      <div role="tablist" aria-label={t('account.tabs.label')} className="tabs__list" onKeyDown={onKeyDown}>
        <button {...tabProps('new', 'tab-new-customer')}>{t('account.tabs.new')}</button>
        <button {...tabProps('existing', 'tab-existing-customer')}>{t('account.tabs.existing')}</button>
      </div>
      <div {...panelProps('new')}>
        {tab === 'new' && (registeredEmail ? <AwaitingActivation email={registeredEmail} /> : <RegistrationForm onRegistered={setRegisteredEmail} />)}
      </div>
      <div {...panelProps('existing')}>
        {tab === 'existing' &&
          (forgotPassword ? <ForgotPasswordForm onBack={() => setForgotPassword(false)} /> : <LoginForm onLoggedIn={onLoggedIn} onForgotPassword={() => setForgotPassword(true)} />)}
      </div>
    </div>
  );
}
