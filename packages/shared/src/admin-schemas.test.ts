import { describe, expect, it } from 'vitest';
import { adminAdjustForm, adminConfirmPaymentForm, adminPlatformForm, adminRejectForm, adminStoreItemForm } from './admin-schemas.js';

const item = {
  name: ' Gói 90 ',
  description: '',
  picture: [],
  price: '20000',
  raw_price: '25.000',
  coin: '200',
  gift_coin: '0',
  is_active: true,
};
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('admin forms read what staff type into what the API takes', () => {
  it('reads amounts written with thousands dots or spaces, and refuses anything else with the API message', () => {
    expect(adminStoreItemForm.parse({ ...item, price: '25.000', coin: '1 000' })).toEqual({
      name: 'Gói 90',
      description: '',
      picture: null,
      price: 25_000,
      raw_price: 25_000,
      coin: 1_000,
      gift_coin: 0,
      is_active: true,
    });
    for (const typed of ['12,5', '-1000', '+5', 'hai mươi nghìn', '1000000001', '']) {
      expect(messages(adminStoreItemForm.safeParse({ ...item, price: typed })), typed).toEqual([
        ['price', 'Giá trị phải là số nguyên từ 0 đến 1.000.000.000'],
      ]);
    }
  });

  it('reads a signed coin adjustment, minus sign included, and refuses 0 or too much', () => {
    expect(adminAdjustForm.parse({ delta: '-500', reason: ' Thu hồi ' })).toEqual({ delta: -500, reason: 'Thu hồi' });
    expect(adminAdjustForm.parse({ delta: '\u22121.000', reason: 'x' }).delta).toBe(-1000);
    expect(adminAdjustForm.parse({ delta: '+20', reason: 'x' }).delta).toBe(20);
    for (const typed of ['0', '', '1,5', '100.000.001']) {
      expect(messages(adminAdjustForm.safeParse({ delta: typed, reason: 'x' })), typed).toEqual([
        ['delta', 'Số coin điều chỉnh phải là số nguyên khác 0, tối đa 100.000.000'],
      ]);
    }
    expect(messages(adminAdjustForm.safeParse({ delta: '5', reason: '  ' }))).toEqual([
      ['reason', 'Vui lòng nhập lý do điều chỉnh coin'],
    ]);
  });

  it('reads the amount received for a bank order as typed, asks for it when blank and refuses 0 or a fraction', () => {
    expect(adminConfirmPaymentForm.parse({ received_vnd: '1.250.000', bank_reference: ' FT2507 ' })).toEqual({
      received_vnd: 1_250_000,
      bank_reference: 'FT2507',
    });
    expect(adminConfirmPaymentForm.parse({ received_vnd: ' 40 000 ', bank_reference: '' }).received_vnd).toBe(40_000);
    expect(messages(adminConfirmPaymentForm.safeParse({ received_vnd: '  ', bank_reference: '' }))).toEqual([
      ['received_vnd', 'Vui lòng nhập số tiền đã nhận được trong tài khoản để xác nhận thanh toán đơn chuyển khoản'],
    ]);
    for (const typed of ['0', '12,5', '-1000', 'bốn mươi nghìn', '10.000.000.001']) {
      expect(messages(adminConfirmPaymentForm.safeParse({ received_vnd: typed, bank_reference: '' })), typed).toEqual([
        ['received_vnd', 'Số tiền đã nhận phải là số nguyên lớn hơn 0, tối đa 10.000.000.000 VNĐ'],
      ]);
    }
  });

  it('sends one picked picture as its id, none as null, and asks for a name and a reject reason', () => {
    const picture = 'a'.repeat(64);
    expect(
      adminPlatformForm.parse({
        name: 'Free Fire',
        picture: [picture],
        sale_picture: [],
        need_login: false,
        is_active: true,
      }),
    ).toMatchObject({
      picture,
      sale_picture: null,
    });
    expect(
      messages(
        adminPlatformForm.safeParse({ name: ' ', picture: [], sale_picture: [], need_login: false, is_active: true }),
      ),
    ).toEqual([['name', 'Vui lòng nhập tên']]);
    expect(messages(adminRejectForm.safeParse({ reason: '   ' }))).toEqual([
      ['reason', 'Vui lòng nhập lý do từ chối đơn hàng'],
    ]);
  });
});
