import { useEffect, useState } from 'react';

export interface Countdown {
  /** Whole seconds left, 0 when done. */
  remaining: number;
  start(seconds: number): void;
}

/** A countdown that ticks every second (the resend-activation cooldown); it may start running. */
export function useCountdown(initialSeconds = 0): Countdown {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  return {
    remaining: Math.max(0, Math.ceil((endsAt - now) / 1000)),
    start: (seconds) => {
      const current = Date.now();
      setNow(current);
      setEndsAt(current + seconds * 1000);
    },
  };
}
