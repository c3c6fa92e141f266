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
 * A text field's props bound to a react-hook-form field: the other props as given, plus its value, its
 * handlers, and its error from the form's schema. form-field.tsx (the storefront's plain field) and
 * form-text-field.tsx (MUI, in the admin console's dialogs) spread them onto their field.
 */
export function useFormFieldBinding<T extends FieldValues, Out, Helper, Rest extends object>({
  control,
  name,
  helperText,
  keepHelperText = false,
  ...rest
}: FormFieldBindingOptions<T, Out, Helper> & Rest) {
  const { field, fieldState } = useController({ control, name });
  const { error } = fieldState;
  return {
    ...rest,
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: error !== undefined,
    helperText: error?.message && !keepHelperText ? error.message : helperText,
  };
}
