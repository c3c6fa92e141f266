/** Payment methods (docs/product.md §4, §9): 0 = coins, 1 = bank transfer (the default). */
export const PAY_METHOD = { COIN: 0, BANK: 1 } as const;
export type PayMethod = (typeof PAY_METHOD)[keyof typeof PAY_METHOD];
export const DEFAULT_PAY_METHOD: PayMethod = PAY_METHOD.BANK;

export const PAY_METHOD_LABELS: Record<PayMethod, string> = {
  [PAY_METHOD.COIN]: 'Bằng đổi coin',
  [PAY_METHOD.BANK]: 'Bằng chuyển khoản',
};

export function payMethodLabel(method: number): string {
  return PAY_METHOD_LABELS[method as PayMethod] ?? String(method);
}
