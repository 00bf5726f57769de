import { useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useT } from '../i18n/use-t.ts';
import { Button } from './button.tsx';

export type ModalTone = 'info' | 'warning' | 'danger';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ReactNode;
  tone?: ModalTone;
  /** Extra buttons before the close button (a confirmation's OK, say). */
  actions?: ReactNode;
  closeLabel?: string;
  'data-testid'?: string;
}

/**
 * A modal on the native `<dialog>`: `showModal()` makes the rest of the page inert, so focus stays
 * inside, Escape closes it, and on close we hand focus back to whatever opened it. A layout
 * effect, not a passive one: the dialog opens and closes, and focus returns, in the same commit as
 * the render that changed `open`, before the browser paints. React runs a passive effect after the
 * paint when the render did not come from an input event (an answer arriving, a timer), and in
 * between the panel would show in a dialog not yet opened, or focus sit on the body once the
 * closed panel's OK button is gone.
 */
export function Modal({ open, title, onClose, children, tone = 'info', actions, closeLabel, 'data-testid': testId }: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: let React state close the dialog so both stay in step.
    event.preventDefault();
    onClose();
  };
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`modal modal--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={onCancel}
      onClick={onBackdropClick}
      data-testid={testId}
    >
      {open && (
        <div className="modal__panel">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {children && (
            <div className="modal__body" id={bodyId}>
              {children}
            </div>
          )}
          <div className="modal__actions">
            {actions}
            <Button variant={actions ? 'secondary' : 'primary'} onClick={onClose}>
              {closeLabel ?? t('modal.ok')}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
