import { describe, expect, it } from 'vitest';
import { BANK_APPS, bankAppLink } from './bank-apps.js';

describe('bankAppLink', () => {
  it("carries the app, the shop's account at its bank's code, the amount and the order code", () => {
    const link = bankAppLink('mb', { bankBin: '970436', accountNumber: '0123456789', amountVnd: 150_000, memo: 'LK9DMV6AQC' });
    // The `@` of `ba` as it is, as VietQR's documentation asks (https://www.vietqr.io/deeplink).
    expect(link).toBe('https://dl.vietqr.io/pay?app=mb&ba=0123456789@vcb&am=150000&tn=LK9DMV6AQC');
    const query = new URL(link).searchParams;
    expect(Object.fromEntries(query)).toEqual({ app: 'mb', ba: '0123456789@vcb', am: '150000', tn: 'LK9DMV6AQC' });
  });

  it('names a bank it has no code for by its BIN', () => {
    const link = bankAppLink('acb', { bankBin: '970999', accountNumber: '42', amountVnd: 1, memo: 'LK 1&x' });
    expect(new URL(link).searchParams.get('ba')).toBe('42@970999');
    // The memo still travels intact whatever it holds.
    expect(new URL(link).searchParams.get('tn')).toBe('LK 1&x');
  });
});

describe('BANK_APPS', () => {
  it('lists the apps that fill the transfer in per VietQR (OCB, ACB, BIDV, VietinBank, MB) first, each id once', () => {
    const filling = BANK_APPS.filter((app) => app.fillsTransfer).map((app) => app.appId);
    expect(filling.sort()).toEqual(['acb', 'bidv', 'icb', 'mb', 'ocb']);
    expect(BANK_APPS.findIndex((app) => !app.fillsTransfer)).toBe(filling.length);
    expect(new Set(BANK_APPS.map((app) => app.appId)).size).toBe(BANK_APPS.length);
  });

  it("uses VietQR's own app ids (api.vietqr.io/v2/android-app-deeplinks `appId`), not the banks' NAPAS codes", () => {
    // A part of VietQR's list: the ids of the most installed apps.
    const published = ['ocb', 'icb', 'mb', 'bidv', 'vcb', 'tcb', 'acb', 'vpb', 'vib-2', 'shb', 'lpb', 'cake', 'hdb', 'vba', 'tpb', 'timo', 'vib'];
    for (const app of BANK_APPS) expect(published).toContain(app.appId);
  });
});
