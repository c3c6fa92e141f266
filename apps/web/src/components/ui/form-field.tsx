import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';
import { useFormFieldBinding, type FormFieldBindingOptions } from './form-field-binding';

export type FormFieldProps<T extends FieldValues, Out> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'
> &
  FormFieldBindingOptions<T, Out, string>;

/**
 * A plain text field (text-field.tsx) bound to a react-hook-form field: its value, and its error from the
 * form's schema. The storefront's forms use it; the admin console's MUI dialogs use form-text-field.tsx.
 */
export function FormField<T extends FieldValues, Out = T>(props: FormFieldProps<T, Out>) {
  return <TextField {...useFormFieldBinding(props)} />;
}
