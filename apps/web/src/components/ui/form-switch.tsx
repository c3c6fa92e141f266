import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';

export interface FormSwitchProps<T extends FieldValues, Out> {
  control: Control<T, unknown, Out>;
  /** A boolean field of the form. */
  name: FieldPathByValue<T, boolean>;
  label: ReactNode;
}

/** A labelled MUI switch bound to a boolean react-hook-form field. */
export function FormSwitch<T extends FieldValues, Out = T>({ control, name, label }: FormSwitchProps<T, Out>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Switch
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}
