import { zodResolver } from '@hookform/resolvers/zod';
import { ZDnsProfileName, type TDnsProfileName } from '@kavel/core';
import { useForm } from 'react-hook-form';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { Button, type ButtonVariant } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { useDnsT } from './dns-texts.ts';

interface ProfileNameFormProps {
  submitLabel: string;
  variant?: ButtonVariant;
  /** Another change of the page runs: the button waits. */
  busy?: boolean;
  /** Saves under the name; answers whether it was saved (a failure is shown by the page), which empties the field. */
  onSave(name: string): Promise<boolean>;
  'data-testid': string;
}

/**
 * A new DNS profile's name (spec 001 section 5: it must be non-empty to save), checked by the
 * schema the route parses (`ZDnsProfileName`) before anything is sent; the fault under the field.
 */
export function ProfileNameForm({ submitLabel, variant = 'primary', busy = false, onSave, 'data-testid': testId }: ProfileNameFormProps) {
  const t = useDnsT();
  const { register, handleSubmit, formState, reset } = useForm<TDnsProfileName>({ resolver: zodResolver(ZDnsProfileName), defaultValues: { name: '' } });
  const submit = handleSubmit(async ({ name }) => {
    if (await onSave(name)) reset();
  });
  return (
    <form className="dns-tool dns-tool--inline" onSubmit={(event) => void submit(event)} data-testid={testId} noValidate>
      <Field label={t('profileName')} {...register('name')} error={fieldMessage(formState.errors.name?.message)} />
      <Button type="submit" variant={variant} size="sm" busy={busy || formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
