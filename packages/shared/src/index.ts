export * from './constants.js';
export * from './error-codes.js';
export * from './money.js';
export * from './order-status.js';
export * from './pay-method.js';
export * from './schemas.js';
export * from './texts.js';
export * from './vietqr.js';
