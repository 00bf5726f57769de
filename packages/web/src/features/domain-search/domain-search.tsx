import { useEffect, useMemo, useRef, useState } from 'react';
import { checkDomainInput, domainProblemText, splitDomain, type TDomainExtensionProduct } from '@kavel/core';
import { errorMessage } from '../../app/error-message.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { basketDomains, useBasket } from '../basket/use-basket.ts';
import { ExtensionList } from './extension-list.tsx';
import { EXTENSIONS_PAGE_SIZE, orderExtensions } from './extension-order.ts';
import { InvalidDomainModal } from './invalid-domain-modal.tsx';
import { SearchForm } from './search-form.tsx';
import { useAvailabilityStream } from './use-availability-stream.ts';
import { useCatalogue } from './use-catalogue.ts';
import { useDomainInput } from './use-domain-input.ts';
import { searchFromAddress } from './search-from-address.ts';

interface Search {
  label: string;
  /** Every sold extension, the typed one first. */
  products: readonly TDomainExtensionProduct[];
  visible: number;
}

/** Step 1: the search field and, per search, the list of extensions. */
export function DomainSearch() {
  const t = useT();
  const locale = useLocale();
  const catalogue = useCatalogue();
  const basket = useBasket();
  const [opened] = useState(() => searchFromAddress(window.location.search));
  const input = useDomainInput(opened);
  const availability = useAvailabilityStream();
  const [search, setSearch] = useState<Search | null>(null);
  const inBasket = useMemo(() => basketDomains(basket.data), [basket.data]);

  const submit = () => {
    const cleaned = input.flush();
    if (!cleaned) return;
    const problem = checkDomainInput(cleaned);
    if (problem) return input.refuse(problem);
    const products = catalogue.data?.extensions;
    if (!products) return;
    const { label, extension } = splitDomain(
      cleaned,
      products.map((p) => p.extension),
    );
    const ordered = orderExtensions(products, extension);
    const visible = Math.min(EXTENSIONS_PAGE_SIZE, ordered.length);
    setSearch({ label, products: ordered, visible });
    availability.search(
      label,
      ordered.slice(0, visible).map((p) => p.extension),
    );
  };

  // A search the page was opened with runs once the catalogue is there, as if Check was pressed.
  const searched = useRef(false);
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  useEffect(() => {
    if (!opened || searched.current || !catalogue.data) return;
    searched.current = true;
    submitRef.current();
  }, [opened, catalogue.data]);

  const showMore = () => {
    if (!search) return;
    const visible = Math.min(search.visible + EXTENSIONS_PAGE_SIZE, search.products.length);
    availability.check(search.products.slice(search.visible, visible).map((p) => p.extension));
    setSearch({ ...search, visible });
  };

  const checkOne = (extension: string) => availability.check([extension]);
  // Why the name cannot be searched, next to the field and in the modal: never a silent refusal.
  const reason = input.shown && domainProblemText(locale, input.shown.problem, input.shown.value);

  return (
    <div className="domain-search">
      <SearchForm value={input.value} onChange={input.onChange} onSubmit={submit} disabled={input.problem !== null || !catalogue.data} error={reason} />
      {catalogue.isPending && <Spinner label={t('common.loading')} />}
      {catalogue.isError && (
        <div className="inline-error" role="alert" data-testid="catalogue-error">
          <p>{errorMessage(catalogue.error, t)}</p>
          <Button variant="secondary" size="sm" onClick={() => void catalogue.refetch()}>
            {t('error.retry')}
          </Button>
        </div>
      )}
      {search && search.label === availability.label && (
        <ExtensionList
          label={search.label}
          products={search.products.slice(0, search.visible)}
          statuses={availability.statuses}
          basketDomains={inBasket}
          hasMore={search.visible < search.products.length}
          solvingCaptcha={availability.solvingCaptcha}
          onShowMore={showMore}
          onCheck={checkOne}
        />
      )}
      <InvalidDomainModal open={input.invalidModalOpen} onClose={input.closeInvalidModal} reason={reason} />
    </div>
  );
}
