import { pageHref, PAGES } from '@kavel/core';
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../app/error-message.ts';
import { useLocation } from '../../app/router.ts';
import { useT } from '../../i18n/use-t.ts';
import { ORDER_APP_ENTRY } from '../product-pages/local-basket.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { AccountPageLayout } from './account-page-layout.tsx';
import { accountsApi } from './accounts-api.ts';
import { isDeadLink, linkCheckContent, useLinkStatus } from './link-check.tsx';
import { RequestActivationLinkForm } from './request-activation-link-form.tsx';
import { SetPasswordForm } from './set-password-form.tsx';
import { markLoggedIn } from './use-auth.ts';

/** Where the order page shows the logged-in summary (step 3, when the basket has items). */
export const ORDER_PAGE_FINAL_STEP = pageHref(PAGES.orderPage, { search: { finalStep: true } });

/**
 * Where 'Verder met je bestelling' goes: an account made in the order app (its short registration
 * has no password until this link sets one) continues there, at its entry, with the product the
 * browser stored; one made on the order page goes back to that page's last step.
 */
export const continueOrderAt = (fromOrderApp: boolean): string => (fromOrderApp ? ORDER_APP_ENTRY : ORDER_PAGE_FINAL_STEP);

/**
 * `/account/activeren?token=`: the link from the activation mail. Opening it changes nothing (mail
 * scanners fetch links); the account is activated by a POST from the button or the password form.
 */
export function ActivationPage() {
  const t = useT();
  const token = useLocation().params.get('token') ?? '';
  const queryClient = useQueryClient();
  const link = useLinkStatus('activation-link', token, accountsApi.activationStatus);
  const activation = useMutation({
    mutationFn: (password?: string) => accountsApi.activate({ token, ...(password ? { password } : {}) }),
    meta: { inlineErrors: true },
    onSuccess: (login) => markLoggedIn(queryClient, login.customer),
  });
  const failure = activation.error && !isDeadLink(activation.error) ? errorMessage(activation.error, t) : null;
  // The button that was pressed is gone once activated: focus goes to the way on.
  const continueRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (activation.isSuccess) continueRef.current?.focus();
  }, [activation.isSuccess]);

  let content;
  if (activation.isSuccess) {
    // Activated with a password of its own choosing: an order-app registration (see continueOrderAt).
    content = (
      <div className="account-form">
        <Alert tone="success" data-testid="activation-done">
          {t('activatePage.done')}
        </Alert>
        <div className="form-actions">
          <a className="button button--primary button--md" href={continueOrderAt(typeof activation.variables === 'string')} ref={continueRef}>
            {t('activatePage.continue')}
          </a>
        </div>
      </div>
    );
  } else {
    content = linkCheckContent({ token, link, actionError: activation.error, requestNewLink: <RequestActivationLinkForm />, t });
  }
  // A good link: activate with a password (order-app registrations have none yet) or with the button.
  if (content === null && link.data?.needsPassword) {
    content = (
      <div className="account-form">
        <p>{t('activatePage.introPassword')}</p>
        <SetPasswordForm submitLabel={t('activatePage.submit')} error={failure} onSubmit={(password) => activation.mutateAsync(password).then(() => undefined)} />
      </div>
    );
  } else if (content === null) {
    content = (
      <div className="account-form">
        <p>{t('activatePage.intro')}</p>
        {failure && <Alert tone="danger">{failure}</Alert>}
        <div className="form-actions">
          <Button busy={activation.isPending} onClick={() => activation.mutate(undefined)} data-testid="activate-button">
            {t('activatePage.submit')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <AccountPageLayout title={t('activatePage.title')} data-testid="activation-page">
      {content}
    </AccountPageLayout>
  );
}
