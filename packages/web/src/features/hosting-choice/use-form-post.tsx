import { useEffect, useState, type FormEvent } from 'react';
import { formCsrfToken } from '../../api/client.ts';

/**
 * A classic form post (the server answers 303 to the order page): `_csrf` is filled in as it is
 * at the moment of sending (a login elsewhere rotates it), and `sending` names the form that went,
 * so its button shows progress and the others wait. Back from the next page out of the
 * back-forward cache, the post is over and the buttons work again.
 */
export function useFormPost() {
  const [sending, setSending] = useState<string | null>(null);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const submit = (key: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending !== null) return;
    const form = event.currentTarget;
    const csrf = form.elements.namedItem('_csrf');
    if (csrf instanceof HTMLInputElement) csrf.value = formCsrfToken();
    setSending(key);
    form.submit();
  };

  return { sending, submit };
}

/** The hidden `_csrf` field of such a form; `useFormPost` refreshes it on sending. */
export function CsrfField() {
  return <input type="hidden" name="_csrf" defaultValue={formCsrfToken()} />;
}
