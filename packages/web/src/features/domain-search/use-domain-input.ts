import { useEffect, useRef, useState } from 'react';
import { checkDomainInput, cleanDomainInput, DOMAIN_INPUT_CLEAN_DELAY_MS, type DomainInputProblem } from '@kavel/core';

/**
 * The live rule of spec 000 section 5: only a name (the part before the first dot) of more than
 * 2 characters is judged while typing; a shorter one is judged when the form is submitted.
 */
export function liveProblem(cleaned: string): DomainInputProblem | null {
  const name = cleaned.split('.')[0] ?? '';
  return name.length > 2 ? checkDomainInput(cleaned) : null;
}

export interface DomainInput {
  value: string;
  onChange(value: string): void;
  /** A problem of the cleaned value: the Check button is disabled while there is one. */
  problem: DomainInputProblem | null;
  invalidModalOpen: boolean;
  openInvalidModal(): void;
  closeInvalidModal(): void;
  /** Cleans now (on submit) and returns the cleaned value. */
  flush(): string;
}

/** The search field: after 500 ms of inactivity its value is replaced by the cleaned value. */
export function useDomainInput(initial = ''): DomainInput {
  const [value, setValue] = useState(initial);
  const [invalidModalOpen, setInvalidModalOpen] = useState(false);
  // The last value judged, so the modal opens once per change and not again after the clean-up.
  const judged = useRef(cleanDomainInput(initial));

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const cleaned = cleanDomainInput(value);
      if (cleaned !== value) setValue(cleaned);
      if (cleaned === judged.current) return;
      judged.current = cleaned;
      // A hyphen at the end is where someone typing `mijn-bakkerij` pauses: the Check button is
      // disabled, and the modal waits for a submit.
      const problem = liveProblem(cleaned);
      if (problem && problem !== 'trailing-hyphen') setInvalidModalOpen(true);
    }, DOMAIN_INPUT_CLEAN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  return {
    value,
    onChange: setValue,
    problem: liveProblem(cleanDomainInput(value)),
    invalidModalOpen,
    openInvalidModal: () => setInvalidModalOpen(true),
    closeInvalidModal: () => setInvalidModalOpen(false),
    flush: () => {
      const cleaned = cleanDomainInput(value);
      judged.current = cleaned;
      setValue(cleaned);
      return cleaned;
    },
  };
}
