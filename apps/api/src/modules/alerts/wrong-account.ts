/**
 * Transfers to an account that is not the shop's (docs/decisions/0024, README "Going live"): a bank feed that
 * reports them is watching another account than BANK_ACCOUNT_NUMBER, or the setting is wrong — customers'
 * money may be going where the shop cannot see it. The payments module keeps each such transfer ('ignored',
 * reason 'wrong_account'); staff are alerted once per account, remembered in the database
 * (wrong_account_alerts), so a restart or a second instance does not alert again.
 */
import { TRANSFER_REASON, TRANSFER_STATUS, formatVnd, type AdminTransfer } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { wrongAccountAlerts } from '../../db/schema.js';

/** A transfer the bank feed reported to an account that is not the shop's. */
export const isWrongAccount = (transfer: AdminTransfer): boolean =>
  transfer.status === TRANSFER_STATUS.IGNORED && transfer.reason === TRANSFER_REASON.WRONG_ACCOUNT;

/**
 * Claims the one alert of the transfer's account: true for the first transfer ever seen to that account,
 * false for every later one, whichever instance asks (the insert of the account's row decides).
 */
export async function claimWrongAccountAlert(db: Db, transfer: AdminTransfer): Promise<boolean> {
  const claimed = await db
    .insert(wrongAccountAlerts)
    .values({ accountNumber: transfer.account_number, transferId: transfer.id })
    .onConflictDoNothing({ target: wrongAccountAlerts.accountNumber })
    .returning({ accountNumber: wrongAccountAlerts.accountNumber });
  return claimed.length > 0;
}

/** The alert: which account, how much, and what to check. Later transfers to that account are not told again. */
export function wrongAccountText(transfer: AdminTransfer): string {
  return (
    `🏦 Giao dịch ${formatVnd(transfer.amount_vnd)} được báo về tài khoản ${transfer.account_number || '(không rõ)'}, ` +
    'không phải tài khoản của shop (BANK_ACCOUNT_NUMBER). Kiểm tra cài đặt này và tài khoản khai với bên báo giao dịch; ' +
    'các giao dịch sau về tài khoản này sẽ không được báo lại.'
  );
}
