import type { HTMLAttributes, ReactNode } from 'react';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  tone?: AlertTone;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A message block in the page. Errors are `role="alert"` (read out at once); the rest `status`.
 * Pass `role` to override (an alert already on the page when it loads needs none). The icon is
 * drawn by CSS, so the alert's text is its message alone.
 */
export function Alert({ tone = 'info', children, className, role, ...rest }: AlertProps) {
  return (
    <div {...rest} role={role ?? (tone === 'danger' ? 'alert' : 'status')} className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}>
      <span className="alert__icon" aria-hidden="true" />
      <div className="alert__body">{children}</div>
    </div>
  );
}
