/** Why a coin balance changed (the ledger's reason), in words staff and the accountant read. */
export const COIN_REASON_LABELS: Record<string, string> = {
  order_debit: 'Thanh toán đơn bằng coin',
  order_gift: 'Coin tặng khi hoàn thành đơn',
  late_compensation: 'Bồi thường đơn trễ hạn',
  admin_adjustment: 'Quản trị viên điều chỉnh',
};

export const coinReasonLabel = (reason: string): string => COIN_REASON_LABELS[reason] ?? reason;
