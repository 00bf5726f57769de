import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ACTIVATION_RESEND_COOLDOWN_SECONDS } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useCountdown } from './use-countdown.ts';

interface ResendActivationProps {
  email: string;
  /** The resend call of the screen (shop or order app). */
  send(email: string): Promise<void>;
}

/**
 * 'Resend activation link': disabled during a 30-second countdown shown as '(N seconden)', which
 * runs from the start (the first mail was just sent) and again after every resend. A failure
 * opens a modal with the one 'Sluiten' button (spec 001 section 8).
 */
export function ResendActivation({ email, send }: ResendActivationProps) {
  const t = useT();
  const countdown = useCountdown(ACTIVATION_RESEND_COOLDOWN_SECONDS);
  const [failed, setFailed] = useState(false);
  const resend = useMutation({
    mutationFn: () => send(email),
    meta: { inlineErrors: true },
    onSuccess: () => countdown.start(ACTIVATION_RESEND_COOLDOWN_SECONDS),
    onError: (error) => {
      console.warn('Activation link could not be resent', error);
      setFailed(true);
    },
  });
  const seconds = countdown.remaining;

  // The button was busy (disabled) when the call failed, so focus had nowhere to return: put it back.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasFailed = useRef(false);
  useEffect(() => {
    if (wasFailed.current && !failed) buttonRef.current?.focus();
    wasFailed.current = failed;
  }, [failed]);
  return (
    <div className="resend-activation">
      <Button ref={buttonRef} variant="secondary" onClick={() => resend.mutate()} disabled={seconds > 0} busy={resend.isPending} data-testid="resend-activation" data-seconds={seconds}>
        {t('activation.resend')}
        {seconds > 0 && <span className="resend-activation__countdown">{seconds === 1 ? t('activation.countdownOne') : t('activation.countdown', { seconds })}</span>}
      </Button>
      <p className="resend-activation__status" role="status">
        {resend.isSuccess && t('activation.resent')}
      </p>
      <Modal open={failed} tone="danger" title={t('error.generic')} closeLabel={t('modal.close')} onClose={() => setFailed(false)} data-testid="resend-failed-modal" />
    </div>
  );
}
