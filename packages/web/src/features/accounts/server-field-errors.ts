import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import type { Translate } from '../../i18n/use-t.ts';

/**
 * Shows a refused submit in the form: each server field error under its field (paths may carry
 * the request's wrapper, `registrationDto.email` -> `email`), and returns the text for the form's
 * banner: messages that belong to no field, else the server's summary, else a generic text.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  t: Translate,
  prefix?: string,
): string {
  if (!(error instanceof ApiError) || error.status !== 400) return errorMessage(error, t);
  const general: string[] = [...(error.body.formErrors ?? [])];
  let first = true;
  for (const [path, message] of Object.entries(error.body.fieldErrors ?? {})) {
    const name = prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      general.push(message);
    }
  }
  return general.length > 0 ? general.join(' ') : error.body.message;
}
