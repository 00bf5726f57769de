import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { accountsApi } from './accounts-api.ts';
import { ResendActivation } from './resend-activation.tsx';

/** Replaces the registration form once it was accepted (spec 000 section 4). */
export function AwaitingActivation({ email }: { email: string }) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: take focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="awaiting-activation" data-testid="awaiting-activation">
      <Alert tone="success" role="none">
        <h3 className="awaiting-activation__title" tabIndex={-1} ref={headingRef}>
          {t('activation.waitingTitle')}
        </h3>
        <p>{t('activation.sentTo', { email })}</p>
      </Alert>
      <p>{t('activation.instructions')}</p>
      <ResendActivation email={email} send={accountsApi.resendActivation} />
    </div>
  );
}
