import { useEffect, useRef, useState } from 'react';
import { checkDomainInput, cleanDomainInput, DOMAIN_INPUT_CLEAN_DELAY_MS, type DomainInputProblem } from '@kavel/core';

/**
 * The live rule of spec 000 section 5: only a name (the part before the first dot) of more than
 * 2 characters is judged while typing; a shorter one is judged when the form is submitted.
 */
export function liveProblem(cleaned: string): DomainInputProblem | null {
  const name = cleaned.split('.')[0] ?? '';
  const problem = checkDomainInput(cleaned);
  // Accented letters are said at once: no further typing makes them valid.
  return name.length > 2 || problem === 'accented-letter' ? problem : null;
}

export interface DomainInput {
  value: string;
  onChange(value: string): void;
  /** A problem of the cleaned value: the Check button is disabled while there is one. */
  problem: DomainInputProblem | null;
  /** The problem the field says, with the value it is about: the live one, or the one a submit found. */
  shown: { problem: DomainInputProblem; value: string } | null;
  invalidModalOpen: boolean;
  closeInvalidModal(): void;
  /** Cleans now (on submit) and returns the cleaned value. */
  flush(): string;
  /** A submit refused the cleaned value: the modal opens, and the field says why until the value changes. */
  refuse(problem: DomainInputProblem): void;
}

/** The search field: after 500 ms of inactivity its value is replaced by the cleaned value. */
export function useDomainInput(initial = ''): DomainInput {
  const [value, setValue] = useState(initial);
  const [invalidModalOpen, setInvalidModalOpen] = useState(false);
  // The last value judged, so the modal opens once per change and not again after the clean-up.
  const judged = useRef(cleanDomainInput(initial));
  const [refused, setRefused] = useState<{ problem: DomainInputProblem; value: string } | null>(null);
  const cleaned = cleanDomainInput(value);
  const problem = liveProblem(cleaned);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const settled = cleanDomainInput(value);
      if (settled !== value) setValue(settled);
      if (settled === judged.current) return;
      judged.current = settled;
      // A hyphen at the end is where someone typing `mijn-bakkerij` pauses: the Check button is
      // disabled and the field says why, but no modal interrupts the typing.
      const found = liveProblem(settled);
      if (found && found !== 'trailing-hyphen') setInvalidModalOpen(true);
    }, DOMAIN_INPUT_CLEAN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  return {
    value,
    onChange: setValue,
    problem,
    shown: problem ? { problem, value: cleaned } : refused?.value === cleaned ? refused : null,
    invalidModalOpen,
    closeInvalidModal: () => setInvalidModalOpen(false),
    flush: () => {
      judged.current = cleaned;
      setValue(cleaned);
      return cleaned;
    },
    refuse: (refusedProblem) => {
      setRefused({ problem: refusedProblem, value: cleaned });
      setInvalidModalOpen(true);
    },
  };
}
