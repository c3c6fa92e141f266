import { ConfigError, loadConfig } from '../config.js';

/** The problems loadConfig stops with, or [] when it starts. */
export function problemsOf(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** A real shop's bank account and support links: what production and a reachable shop require. */
export const REAL_SHOP_DETAILS = {
  BANK_BIN: '970422',
  BANK_NAME: 'MB Bank',
  BANK_ACCOUNT_NUMBER: '0987654321012',
  BANK_ACCOUNT_HOLDER: 'HO KINH DOANH CHU SHOP',
  SUPPORT_SOCIAL_URL: 'https://www.facebook.com/chushop.vn',
  SUPPORT_CHAT_URL: 'https://zalo.me/0911222333',
  SUPPORT_MESSENGER_URL: 'https://m.me/chushop.vn',
} as const;
