import type { ReactNode } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormTextFieldProps<T extends FieldValues, Out> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'helperText'
> & {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  /** Shown under the field; the field's error message takes its place unless `keepHelperText`. */
  helperText?: ReactNode;
  /** On error, mark the field but keep the helper text (the message is shown elsewhere, in a toast). */
  keepHelperText?: boolean;
};

/** A MUI text field bound to a react-hook-form field: its value, and its error from the form's schema. */
export function FormTextField<T extends FieldValues, Out = T>({
  control,
  name,
  helperText,
  keepHelperText = false,
  ...props
}: FormTextFieldProps<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  const { error } = fieldState;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={error !== undefined}
      helperText={error?.message && !keepHelperText ? error.message : helperText}
    />
  );
}
