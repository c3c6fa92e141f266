import { describe, expect, it } from 'vitest';
import { EMPTY_ORDER_FORM, missingOrderFields, orderProblem, type OrderTextValues } from './order-rules.js';
import { orderForm } from './schemas.js';

// Moved from apps/web's order-form-values.test.ts with the rule itself: the same cases and verdicts.
const loginForm: OrderTextValues = {
  ...EMPTY_ORDER_FORM,
  order_bank_name: 'Nguyễn Văn An',
  order_account: 'an@example.com',
  order_pass: 'bí mật',
  order_server: 'S1',
};
const uidForm: OrderTextValues = {
  ...EMPTY_ORDER_FORM,
  order_bank_name: 'Nguyễn Văn An',
  order_server: 'S1',
  order_uid: '123456',
};

describe('order submit checks (docs/product.md §5)', () => {
  it('accepts a complete login order with items; contact and note are optional', () => {
    expect(orderProblem(loginForm, true, 1)).toBeNull();
    expect(orderProblem(uidForm, false, 2)).toBeNull();
  });

  it.each([
    ['name', { order_bank_name: '' }],
    ['server', { order_server: '   ' }],
    ['login name', { order_account: '' }],
    ['password', { order_pass: '' }],
  ])('asks to fill everything when the login order has no %s', (_field, change) => {
    expect(orderProblem({ ...loginForm, ...change }, true, 1)?.message).toBe('Vui lòng điền đầy đủ thông tin');
  });

  it.each([
    ['name', { order_bank_name: '' }],
    ['server', { order_server: '' }],
    ['UID', { order_uid: ' ' }],
  ])('asks to fill everything when the UID order has no %s', (_field, change) => {
    expect(orderProblem({ ...uidForm, ...change }, false, 1)?.message).toBe('Vui lòng điền đầy đủ thông tin');
  });

  it('needs no UID for a login platform and no account or password for a UID platform', () => {
    expect(missingOrderFields(loginForm, true)).toEqual([]);
    expect(missingOrderFields(uidForm, false)).toEqual([]);
    expect(missingOrderFields(uidForm, true)).toEqual(['order_account', 'order_pass']);
  });

  it('asks to choose a product when the cart is empty', () => {
    expect(orderProblem(uidForm, false, 0)?.message).toBe('Vui lòng chọn sản phẩm');
  });

  it('does not send the fields of the other platform kind', () => {
    const typedBoth = { ...loginForm, order_uid: '999' };
    expect(orderForm(true).parse(typedBoth).order_uid).toBe('');
    expect(orderForm(false).parse(typedBoth)).toMatchObject({ order_account: '', order_pass: '', order_uid: '999' });
  });
});

describe('the same rule for the API and the form', () => {
  it('names each missing field with the message, and checks the fields before the cart', () => {
    expect(orderProblem({ ...uidForm, order_server: '', order_uid: '' }, false, 0)).toEqual({
      message: 'Vui lòng điền đầy đủ thông tin',
      fields: { order_server: 'Vui lòng điền đầy đủ thông tin', order_uid: 'Vui lòng điền đầy đủ thông tin' },
    });
  });

  it('checks only name and server while the platform is unknown, and takes absent fields as empty', () => {
    expect(missingOrderFields({ order_bank_name: 'An', order_server: 'S1' }, null)).toEqual([]);
    expect(missingOrderFields({ order_bank_name: null }, null)).toEqual(['order_bank_name', 'order_server']);
  });

  it('marks the form fields the rule finds missing, with the message of docs/product.md §5', () => {
    const result = orderForm(true).safeParse({ ...loginForm, order_pass: '', order_server: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['order_pass', 'Vui lòng điền đầy đủ thông tin'],
      ['order_server', 'Vui lòng điền đầy đủ thông tin'],
    ]);
  });
});
