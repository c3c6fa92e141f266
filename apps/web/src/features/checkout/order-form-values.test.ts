import { describe, expect, it } from 'vitest';
import { EMPTY_ORDER_FORM, missingFields, orderProblem, requestFields, type OrderFormValues } from './order-form-values';

const loginForm: OrderFormValues = {
  ...EMPTY_ORDER_FORM,
  order_bank_name: 'Nguyễn Văn An',
  order_account: 'an@example.com',
  order_pass: 'bí mật',
  order_server: 'S1',
};
const uidForm: OrderFormValues = { ...EMPTY_ORDER_FORM, order_bank_name: 'Nguyễn Văn An', order_server: 'S1', order_uid: '123456' };

describe('order submit checks (spec §5)', () => {
  it('accepts a complete login order with items; contact and note are optional', () => {
    expect(orderProblem(loginForm, true, 1)).toBeNull();
    expect(orderProblem(uidForm, false, 2)).toBeNull();
  });

  it.each([
    ['name', { order_bank_name: '' }],
    ['server', { order_server: '   ' }],
    ['login name', { order_account: '' }],
    ['password', { order_pass: '' }],
  ])("asks to fill everything when the login order has no %s", (_field, change) => {
    expect(orderProblem({ ...loginForm, ...change }, true, 1)).toBe('Vui lòng điền đầy đủ thông tin');
  });

  it.each([
    ['name', { order_bank_name: '' }],
    ['server', { order_server: '' }],
    ['UID', { order_uid: ' ' }],
  ])('asks to fill everything when the UID order has no %s', (_field, change) => {
    expect(orderProblem({ ...uidForm, ...change }, false, 1)).toBe('Vui lòng điền đầy đủ thông tin');
  });

  it('needs no UID for a login platform and no account or password for a UID platform', () => {
    expect(missingFields(loginForm, true)).toEqual([]);
    expect(missingFields(uidForm, false)).toEqual([]);
    expect(missingFields(uidForm, true)).toEqual(['order_account', 'order_pass']);
  });

  it("asks to choose a product when the cart is empty", () => {
    expect(orderProblem(uidForm, false, 0)).toBe('Vui lòng chọn sản phẩm');
  });

  it('does not send the fields of the other platform kind', () => {
    const typedBoth = { ...loginForm, order_uid: '999' };
    expect(requestFields(typedBoth, true).order_uid).toBe('');
    expect(requestFields(typedBoth, false)).toMatchObject({ order_account: '', order_pass: '', order_uid: '999' });
  });
});
