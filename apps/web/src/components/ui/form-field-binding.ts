import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormFieldBindingOptions<T extends FieldValues, Out, Helper = ReactNode> = {
  control: Control<T, unknown, Out>;
  name: FieldPath<T>;
  /** Shown under the field; the field's error message takes its place unless `keepHelperText`. */
  helperText?: Helper;
  /** On error, mark the field but keep the helper text (the message is shown elsewhere, in a toast). */
  keepHelperText?: boolean;
};

/**
 * The props that bind a text field to a react-hook-form field: its value, its handlers, and its error from the
 * form's schema. form-field.tsx (the storefront's plain field) and form-text-field.tsx (MUI, in the admin
 * console's dialogs) spread them onto their field.
 */
export function useFormFieldBinding<T extends FieldValues, Out, Helper>({
  control,
  name,
  helperText,
  keepHelperText = false,
}: FormFieldBindingOptions<T, Out, Helper>) {
  const { field, fieldState } = useController({ control, name });
  const { error } = fieldState;
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: error !== undefined,
    helperText: error?.message && !keepHelperText ? error.message : helperText,
  };
}
