interface SpinnerProps {
  /** Read by screen readers; leave out when the surrounding text already says what is going on. */
  label?: string;
  size?: 'sm' | 'md';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`}>
      <span className="spinner__circle" aria-hidden="true" />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
