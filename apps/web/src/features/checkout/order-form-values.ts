/**
 * The order form's values and the submit checks of spec §5. The checks run before anything is sent;
 * the API repeats them, so a customer bypassing this page meets the same rules.
 */
import { TEXTS } from '@lucky/shared';

export interface OrderFormValues {
  order_bank_name: string;
  order_contact: string;
  order_account: string;
  order_pass: string;
  order_server: string;
  order_uid: string;
  order_comment: string;
}

export const EMPTY_ORDER_FORM: OrderFormValues = {
  order_bank_name: '',
  order_contact: '',
  order_account: '',
  order_pass: '',
  order_server: '',
  order_uid: '',
  order_comment: '',
};

export type OrderField = keyof OrderFormValues;

const blank = (value: string) => value.trim() === '';

/** The required fields for a platform: name and server, plus account and password, or UID. */
export function requiredFields(needLogin: boolean): OrderField[] {
  return needLogin
    ? ['order_bank_name', 'order_account', 'order_pass', 'order_server']
    : ['order_bank_name', 'order_server', 'order_uid'];
}

/** Required fields left empty. */
export function missingFields(values: OrderFormValues, needLogin: boolean): OrderField[] {
  // The password is checked as typed: spaces can be part of a game password, but not all of it.
  return requiredFields(needLogin).filter((field) => blank(values[field]));
}

/**
 * The message to show for an order that cannot be sent yet, or null when it can:
 * 'Vui lòng điền đầy đủ thông tin' for a missing field, 'Vui lòng chọn sản phẩm' for an empty cart.
 */
export function orderProblem(values: OrderFormValues, needLogin: boolean, cartLineCount: number): string | null {
  if (missingFields(values, needLogin).length > 0) return TEXTS.fillAllFields;
  if (cartLineCount === 0) return TEXTS.chooseProduct;
  return null;
}

/** The text fields of the order request. Fields of the other platform kind are sent empty. */
export function requestFields(values: OrderFormValues, needLogin: boolean): OrderFormValues {
  return {
    ...values,
    order_account: needLogin ? values.order_account : '',
    order_pass: needLogin ? values.order_pass : '',
    order_uid: needLogin ? '' : values.order_uid,
  };
}
