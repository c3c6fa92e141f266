import type { AdminOrderPatch } from '@lucky/shared';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useMoveOrder } from '../api';

export interface MoveFromDialog {
  /** The order whose status moves. */
  orderId: string;
  /** Clears the dialog's form once the move is saved. */
  reset: () => void;
  onClose: () => void;
  /** Someone else moved the order first (409): the page reloads it, so the dialog has nothing left to do. */
  onConflict: () => void;
}

/** A status move sent from a dialog: on success it tells the admin, clears the form and closes. */
export function useMoveFromDialog({ orderId, reset, onClose, onConflict }: MoveFromDialog) {
  const move = useMoveOrder(orderId);
  const { showSuccess } = useToast();
  const send = (patch: AdminOrderPatch, success: string) =>
    move.mutate(patch, {
      onSuccess: () => {
        showSuccess(success);
        reset();
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) onConflict();
      },
    });
  return { send, busy: move.isPending };
}
