import { useId } from 'react';

interface RadioGroupProps {
  legend: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  onChange(value: string): void;
  className?: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/** A row of native radio buttons in a fieldset, so the legend names the group for screen readers. */
export function RadioGroup({ legend, name, value, options, onChange, className, disabled, 'data-testid': testId }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset className={['radio-group', className].filter(Boolean).join(' ')} disabled={disabled} data-testid={testId}>
      <legend className="field__label">{legend}</legend>
      <div className="radio-group__options">
        {options.map((option) => (
          <label key={option.value} className="radio-group__option" htmlFor={`${id}-${option.value}`}>
            <input
              type="radio"
              id={`${id}-${option.value}`}
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
