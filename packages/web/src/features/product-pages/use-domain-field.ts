import { useState, type ChangeEvent } from 'react';
import { useProductT } from './product-texts.ts';

/**
 * The typed domain name of a product page's form (`/domeinnaam`, the hosting page's question):
 * its value and problem, and the props of its `Field`. Typing clears the problem.
 */
export function useDomainField() {
  const t = useProductT();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const props = {
    placeholder: t('domain.placeholder'),
    value: input,
    autoComplete: 'off',
    spellCheck: false,
    error: problem,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setInput(event.target.value);
      setProblem(null);
    },
  };
  return { input, problem, setProblem, props };
}
