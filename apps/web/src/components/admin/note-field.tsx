import type { FieldValues } from 'react-hook-form';
import { ADMIN_LIMITS } from '@lucky/shared';
import { FormTextField, type FormTextFieldProps } from '../ui/form-text-field';

/** A free-text reason or note on an admin action, several lines, capped at the length the API keeps. */
export function NoteField<T extends FieldValues, Out = T>(props: FormTextFieldProps<T, Out>) {
  return <FormTextField {...props} multiline slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }} />;
}
