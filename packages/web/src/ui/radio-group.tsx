import { useId } from 'react';

interface RadioGroupProps {
  legend: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  className?: string;
}

/** A row of native radio buttons in a fieldset, so the legend names the group for screen readers. */
export function RadioGroup({ legend, name, value, options, onChange, className }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset className={['radio-group', className].filter(Boolean).join(' ')}>
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
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
