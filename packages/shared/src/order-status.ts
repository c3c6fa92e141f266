/** Order status values, labels and colours, and the allowed moves (docs/product.md §4). */
export const ORDER_STATUS = {
  PENDING: 0,
  PROCESSING: 1,
  COMPLETED: 2,
  REJECTED: 3,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** The filter value meaning "every status". */
export const ORDER_STATUS_ALL = -1;

export const ORDER_STATUS_LABELS: Record<number, string> = {
  [ORDER_STATUS_ALL]: 'Tất cả',
  [ORDER_STATUS.PENDING]: 'Đang chờ duyệt',
  [ORDER_STATUS.PROCESSING]: 'Đang xử lý',
  [ORDER_STATUS.COMPLETED]: 'Đã hoàn thành',
  [ORDER_STATUS.REJECTED]: 'Đã từ chối',
};

export type StatusColour = 'grey' | 'yellow' | 'green' | 'red';
export const ORDER_STATUS_COLOURS: Record<number, StatusColour> = {
  [ORDER_STATUS.PENDING]: 'grey',
  [ORDER_STATUS.PROCESSING]: 'yellow',
  [ORDER_STATUS.COMPLETED]: 'green',
  [ORDER_STATUS.REJECTED]: 'red',
};

/** Label of a status; any unknown value is shown raw, as docs/product.md §4 asks. */
export function orderStatusLabel(status: number): string {
  return ORDER_STATUS_LABELS[status] ?? String(status);
}

export function orderStatusColour(status: number): StatusColour | undefined {
  return ORDER_STATUS_COLOURS[status];
}

const ALLOWED_MOVES: Record<number, readonly number[]> = {
  [ORDER_STATUS.PENDING]: [ORDER_STATUS.PROCESSING, ORDER_STATUS.REJECTED],
  [ORDER_STATUS.PROCESSING]: [ORDER_STATUS.COMPLETED, ORDER_STATUS.REJECTED],
  [ORDER_STATUS.COMPLETED]: [],
  [ORDER_STATUS.REJECTED]: [],
};

export function canMoveOrder(from: number, to: number): boolean {
  return ALLOWED_MOVES[from]?.includes(to) ?? false;
}

export function isFinalStatus(status: number): boolean {
  return status === ORDER_STATUS.COMPLETED || status === ORDER_STATUS.REJECTED;
}
