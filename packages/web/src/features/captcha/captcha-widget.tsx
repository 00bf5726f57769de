import { useId } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import type { Captcha } from './use-captcha.ts';
import './captcha-widget.css';

interface CaptchaWidgetProps {
  captcha: Captcha;
  /** Shown under the widget: the form was sent before the captcha was solved. */
  error?: string | null;
}

/**
 * 'I am not a robot': a checkbox-like button. A click solves the proof of work (or gets a
 * reCAPTCHA token) with a spinner, then shows a tick; the form reads `captcha.token`.
 */
export function CaptchaWidget({ captcha, error }: CaptchaWidgetProps) {
  const t = useT();
  const noteId = useId();
  const { status } = captcha;
  const note = status === 'solving' ? t('captcha.solving') : status === 'solved' ? t('captcha.solved') : status === 'failed' ? t('captcha.failed') : (error ?? '');
  return (
    <div className={`captcha is-${status}${error && status !== 'solved' ? ' is-invalid' : ''}`}>
      <button
        type="button"
        role="checkbox"
        className="captcha__button"
        aria-checked={status === 'solved'}
        aria-busy={status === 'solving' || undefined}
        aria-describedby={note ? noteId : undefined}
        aria-disabled={status === 'solving' || status === 'solved' || undefined}
        onClick={() => {
          if (status === 'idle' || status === 'failed') captcha.solve();
        }}
        data-testid="captcha-widget"
        data-status={status}
      >
        <span className="captcha__box" aria-hidden="true">
          {status === 'solving' ? <Spinner size="sm" /> : status === 'solved' ? '✓' : null}
        </span>
        <span className="captcha__label">{t('captcha.label')}</span>
      </button>
      <p className={status === 'failed' || (error && status !== 'solved') ? 'captcha__note is-error' : 'captcha__note'} id={noteId} role="status">
        {note}
      </p>
    </div>
  );
}
