import { Link } from 'react-router';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { navigate } from '../../app/router.ts';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { HolderDomains, type HolderDone } from './holder-domains.tsx';
import { HolderDetailsPage, NewHolderPage } from './holder-details.tsx';
import { HOLDERS_KEY, holdersApi } from './holders-api.ts';
import { holderHref, type HolderView } from './holder-paths.ts';
import { useHolderT } from './holder-texts.ts';
import { StandardHolderPage } from './standard-holder-page.tsx';
import './holders.css';

/** `/account/domeinhouders`: the standard holder and the customer's own, each with its domains. */
function HoldersList() {
  const t = useHolderT();
  const list = useQuery({ queryKey: HOLDERS_KEY, queryFn: holdersApi.list });
  if (list.isPending) return <Spinner label={t('customTitle')} />;
  if (list.isError) return <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  const { standard, custom } = list.data;
  return (
    <>
      <p className="muted">{t('intro')}</p>
      <section className="holders__section" aria-labelledby="holders-standard">
        <h2 className="holders__heading" id="holders-standard">
          {t('standardTitle')}
        </h2>
        <div className="account-item" data-testid="holder-standard">
          <h3 className="account-item__title">{standard.label}</h3>
          <p className="holders__contact">
            <span>{standard.email}</span>
            <span>{standard.phone}</span>
          </p>
          <HolderDomains domains={standard.domains} />
          <ul className="account-item__actions">
            <li>
              <Link className="account-item__action" to={holderHref('standard')} data-testid="holder-standard-edit">
                {t('editStandard')}
              </Link>
            </li>
          </ul>
        </div>
      </section>
      <section className="holders__section" aria-labelledby="holders-custom">
        <h2 className="holders__heading" id="holders-custom">
          {t('customTitle')}
        </h2>
        {custom.length === 0 ? (
          <p className="account-area__empty" data-testid="holders-empty">
            {t('noCustom')}
          </p>
        ) : (
          <ul className="account-list" data-testid="holders-custom">
            {custom.map((holder) => (
              <li key={holder.id} className="account-item" data-testid="holder-item" data-holder={holder.label}>
                <h3 className="account-item__title">{holder.label}</h3>
                <HolderDomains domains={holder.domains} />
                <ul className="account-item__actions">
                  <li>
                    <Link className="account-item__action" to={holderHref(holder.id)} aria-label={t('detailsOf', { label: holder.label })} data-testid="holder-open">
                      {t('details')}
                    </Link>
                  </li>
                </ul>
              </li>
            ))}
          </ul>
        )}
        <p className="form-actions">
          <Link className="button button--primary button--md" to={holderHref('nieuw')} data-testid="holder-add">
            {t('add')}
          </Link>
        </p>
      </section>
    </>
  );
}

/**
 * `/account/domeinhouders[?id=]`: the list, one holder (view, change, delete), the standard holder
 * or a new one. The success modal stays over the page a change leads to.
 */
export function DomainHoldersPage({ view }: { view: HolderView }) {
  const t = useHolderT();
  const [notice, setNotice] = useState<string | null>(null);
  const done: HolderDone = (text, next) => {
    setNotice(text);
    if (next) navigate(next);
  };
  return (
    <div className="holders" data-testid="holders-page">
      {view.kind === 'standard' ? (
        <StandardHolderPage done={done} />
      ) : view.kind === 'new' ? (
        <NewHolderPage done={done} />
      ) : view.kind === 'holder' ? (
        <HolderDetailsPage key={view.id} id={view.id} done={done} />
      ) : (
        <HoldersList />
      )}
      <Modal open={notice !== null} title={t('successTitle')} onClose={() => setNotice(null)} closeLabel={t('close')} data-testid="holder-success">
        <p>{notice}</p>
      </Modal>
    </div>
  );
}
