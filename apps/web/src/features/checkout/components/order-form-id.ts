/** The order form's id: the order button beside the cart submits it (checkout-actions.tsx). */
export const ORDER_FORM_ID = 'order-form';
