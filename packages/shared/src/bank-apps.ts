/**
 * Banking apps a customer can open from the order page to pay a bank order (VietQR's deeplinks):
 * `https://dl.vietqr.io/pay?app={appId}&ba={account}@{bank code}&am={amount}&tn={memo}`.
 * Data, not code: which apps are listed, their VietQR app ids, and which of them fill the transfer in
 * (account, amount and memo) from the link. Sources:
 * - the app ids: VietQR's published lists of deeplink apps, https://api.vietqr.io/v2/android-app-deeplinks
 *   and https://api.vietqr.io/v2/ios-app-deeplinks (`appId`; each id below is in them, Agribank's is `vba`);
 * - the link's form: https://www.vietqr.io/deeplink (`ba` keeps its `@` as it is, not `%40`);
 * - which apps fill the transfer in: VietQR's changelog, https://www.vietqr.io/changelog ("Deeplink … hỗ trợ
 *   autofill"): OCB (2.12, 2024-05), ACB (2.15, 2025-10), BIDV (2.16, 2026-01), VietinBank (2.17, 2026-02),
 *   MB (2.18, 2026-07). The lists' own `autofill` field lags behind it (older copies mark OCB alone).
 * The others open at their home screen: the customer pastes the memo, which the order page's copy buttons
 * put on the clipboard.
 */

export interface BankApp {
  /** VietQR's id of the app (`app=`), also the name of its badge in the web app's assets. */
  appId: string;
  /** What customers call the bank. */
  name: string;
  /** Whether the app fills the account, amount and memo in from the link. */
  fillsTransfer: boolean;
}

/** The most used banking apps in Vietnam, those that fill the transfer in first. */
export const BANK_APPS: readonly BankApp[] = [
  { appId: 'mb', name: 'MB Bank', fillsTransfer: true },
  { appId: 'icb', name: 'VietinBank iPay', fillsTransfer: true },
  { appId: 'bidv', name: 'BIDV SmartBanking', fillsTransfer: true },
  { appId: 'acb', name: 'ACB ONE', fillsTransfer: true },
  { appId: 'ocb', name: 'OCB OMNI', fillsTransfer: true },
  { appId: 'vcb', name: 'VCB Digibank', fillsTransfer: false },
  { appId: 'tcb', name: 'Techcombank', fillsTransfer: false },
  { appId: 'vba', name: 'Agribank', fillsTransfer: false },
  { appId: 'vpb', name: 'VPBank NEO', fillsTransfer: false },
  { appId: 'tpb', name: 'TPBank', fillsTransfer: false },
];

/**
 * NAPAS's short codes of banks by BIN, as VietQR writes the receiving bank in `ba={account}@{code}`.
 * A shop's bank missing here is written by its BIN, which VietQR accepts as well.
 */
export const NAPAS_BANK_CODES: Readonly<Record<string, string>> = {
  '970436': 'vcb',
  '970415': 'icb',
  '970418': 'bidv',
  '970405': 'vba',
  '970422': 'mb',
  '970407': 'tcb',
  '970416': 'acb',
  '970432': 'vpb',
  '970423': 'tpb',
  '970448': 'ocb',
  '970441': 'vib',
  '970443': 'shb',
  '970437': 'hdb',
  '970426': 'msb',
  '970403': 'stb',
};

export interface BankTransfer {
  /** The shop's bank, by its 6-digit NAPAS BIN. */
  bankBin: string;
  accountNumber: string;
  /** Whole VND. */
  amountVnd: number;
  /** The order code, the transfer's memo. */
  memo: string;
}

/** The deeplink that opens `appId`'s banking app on a transfer to the shop (filled in where the app can). */
export function bankAppLink(appId: string, transfer: BankTransfer): string {
  const bank = NAPAS_BANK_CODES[transfer.bankBin] ?? transfer.bankBin;
  const param = (name: string, value: string) => new URLSearchParams({ [name]: value }).toString();
  // VietQR's documentation: the `@` of `ba` is written as it is (its parts are encoded, the `@` not).
  const ba = `ba=${encodeURIComponent(transfer.accountNumber)}@${encodeURIComponent(bank)}`;
  return `https://dl.vietqr.io/pay?${[param('app', appId), ba, param('am', String(transfer.amountVnd)), param('tn', transfer.memo)].join('&')}`;
}
