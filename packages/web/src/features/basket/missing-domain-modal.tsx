import { pageHref, PAGES } from '@kavel/core';
import type { MouseEvent } from 'react';
import { ApiError } from '../../api/api-error.ts';
import { useT } from '../../i18n/use-t.ts';
import { Modal } from '../../ui/modal.tsx';

/** The order page, at the domain search. */
export const ORDER_PAGE_SEARCH = pageHref(PAGES.orderPage, { hash: 'step-1' });

/** A refused hosting add that lacked its domain (the server names the field `parentId`). */
export function isMissingDomainRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && Boolean(error.body.fieldErrors?.parentId);
}

interface MissingDomainModalProps {
  open: boolean;
  onClose(): void;
  /** 'Search for a domain name': a link to the order page's search, or (on the order page) this instead. */
  onSearch?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Domains the customer has without hosting, each a link that chooses hosting for it. */
  ownedDomains?: readonly { name: string; href: string }[];
}

/**
 * Spec 000 section 2's missing-domain modal, 'Kies eerst een domeinnaam': hosting was chosen
 * without a domain (on the hosting packages page with no domain given, or a basket holding
 * hosting whose domain is gone). It says why and offers the way on: the domain search, or one
 * of the customer's own domains.
 */
export function MissingDomainModal({ open, onClose, onSearch, ownedDomains = [] }: MissingDomainModalProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={t('modal.missingDomain')}
      tone="warning"
      onClose={onClose}
      closeLabel={t('modal.close')}
      data-testid="missing-domain-modal"
      actions={
        <a className="button button--primary button--md" href={ORDER_PAGE_SEARCH} onClick={onSearch} data-testid="missing-domain-search">
          {t('modal.missingDomain.search')}
        </a>
      }
    >
      <p>{t('modal.missingDomain.body')}</p>
      {ownedDomains.length > 0 && (
        <>
          <p className="missing-domain__owned">{t('modal.missingDomain.owned')}</p>
          <ul className="missing-domain__list">
            {ownedDomains.map((domain) => (
              <li key={domain.name}>
                <a href={domain.href}>{domain.name}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
