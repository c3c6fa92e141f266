import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

export type FormFieldProps<T extends FieldValues, Out> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'
> & {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  /** On error, mark the field but keep the helper text (the message is shown elsewhere, in a toast). */
  keepHelperText?: boolean;
};

/**
 * A plain text field (text-field.tsx) bound to a react-hook-form field: its value, and its error from the
 * form's schema. The storefront's forms use it; the admin console's MUI dialogs use form-text-field.tsx.
 */
export function FormField<T extends FieldValues, Out = T>({
  control,
  name,
  helperText,
  keepHelperText = false,
  ...props
}: FormFieldProps<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  const { error } = fieldState;
  return (
    <TextField
      {...props}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error !== undefined}
      helperText={error?.message && !keepHelperText ? error.message : helperText}
    />
  );
}
