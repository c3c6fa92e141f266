import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import type { Control, FieldPath, FieldPathByValue, FieldValues } from 'react-hook-form';
import { ADMIN_LIMITS } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormSwitch } from '../../../components/ui/form-switch';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast';

/** The fields every catalogue form has. */
interface CatalogFields extends FieldValues {
  name: string;
  is_active: boolean;
}

export interface CatalogFormDialogProps<T extends CatalogFields, Out> {
  /** The name of the row being edited; null when adding one. */
  editing: string | null;
  /** The title when adding. */
  addTitle: string;
  control: Control<T, unknown, Out>;
  nameLabel: string;
  busy: boolean;
  submitBlocked: boolean;
  onClose: () => void;
  onSubmit: () => void | Promise<void>;
  /** The fields between the name and the 'Đang bán' switch. */
  children: ReactNode;
}

/** Adds or edits a platform or a store item: its name first, whether it is on sale last. */
export function CatalogFormDialog<T extends CatalogFields, Out = T>({
  editing,
  addTitle,
  control,
  nameLabel,
  busy,
  submitBlocked,
  onClose,
  onSubmit,
  children,
}: CatalogFormDialogProps<T, Out>) {
  return (
    <FormDialog
      title={editing === null ? addTitle : `Sửa ${editing}`}
      busy={busy}
      submitLabel="Lưu"
      submitBlocked={submitBlocked}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name={'name' as FieldPath<T>}
          label={nameLabel}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.name } }}
        />
        {children}
        <FormSwitch
          control={control}
          name={'is_active' as FieldPathByValue<T, boolean>}
          label="Đang bán (hiện cho khách)"
        />
      </Stack>
    </FormDialog>
  );
}

/** What a save does when it succeeds: says what was added or saved, and closes the dialog. */
export function useSavedThenClose(editing: boolean, onClose: () => void) {
  const { showSuccess } = useToast();
  return (name: string) => () => {
    showSuccess(editing ? `Đã lưu ${name}` : `Đã thêm ${name}`);
    onClose();
  };
}
