import { useId } from 'react';

interface RadioGroupProps {
  legend: string;
  name: string;
  value: string;
  /** `hint`: a second, smaller line under the label (e.g. the details of what the option stands for). */
  options: readonly { value: string; label: string; hint?: string; disabled?: boolean }[];
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
            {option.hint ? (
              <span className="radio-group__text">
                <span>{option.label}</span>
                <span className="radio-group__hint">{option.hint}</span>
              </span>
            ) : (
              option.label
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
