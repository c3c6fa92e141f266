import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PicturePicker, type PicturePickerProps } from './picture-picker';

export type PictureFieldProps<T extends FieldValues, Out> = Omit<PicturePickerProps, 'value' | 'onChange'> & {
  control: Control<T, unknown, Out>;
  /** A field holding the stored pictures' ids. */
  name: FieldPath<T>;
};

/** A picture picker bound to a react-hook-form field. */
export function PictureField<T extends FieldValues, Out = T>({ control, name, ...props }: PictureFieldProps<T, Out>) {
  const { field } = useController({ control, name });
  return <PicturePicker {...props} value={field.value as string[]} onChange={field.onChange} />;
}
