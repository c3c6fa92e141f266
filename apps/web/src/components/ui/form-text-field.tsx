import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useFormFieldBinding, type FormFieldBindingOptions } from './form-field-binding';

export type FormTextFieldProps<T extends FieldValues, Out> = Omit<
  TextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'inputRef' | 'helperText'
> &
  FormFieldBindingOptions<T, Out>;

/** A MUI text field bound to a react-hook-form field: its value, and its error from the form's schema. */
export function FormTextField<T extends FieldValues, Out = T>(props: FormTextFieldProps<T, Out>) {
  return <TextField {...useFormFieldBinding(props)} />;
}
