import { useId, useImperativeHandle, useLayoutEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string | null;
  /** A `data-testid` for the error text (the login form's server message). */
  errorTestId?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A field of a prerendered frame (the server sends it before the script ran) can be typed in
 * before React hydrates it: React then keeps the typed text on screen but not in the state it
 * controls the field with. Once mounted, such text is handed over as a change, as if typed now.
 */
function useTextTypedBeforeHydration(ref: Ref<HTMLInputElement> | undefined, value: InputHTMLAttributes<HTMLInputElement>['value'], onChange: FieldProps['onChange']) {
  const own = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => own.current!, []);
  useLayoutEffect(() => {
    const element = own.current;
    if (element && onChange && typeof value === 'string' && element.value !== value) onChange({ target: element, currentTarget: element } as ChangeEvent<HTMLInputElement>);
    // Only the first mount: later the field's own events keep the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return own;
}

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function Field({ label, hint, error, errorTestId, className, ref, ...input }: FieldProps) {
  const own = useTextTypedBeforeHydration(ref, input.value, input.onChange);
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input {...input} ref={own} id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
