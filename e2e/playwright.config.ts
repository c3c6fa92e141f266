import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8091);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Browser tests drive Debian's Chromium (no browser download) against the built product on a
 * fresh embedded database, seeded with the demo catalogue, demo sign-in on.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `bash -c 'rm -rf ../data/e2e && exec node ../apps/api/dist/server.js'`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '../data/e2e',
      AUTH_DEMO: 'true',
      SEED_DEMO: 'true',
      RATE_LIMIT: 'false',
      ADMIN_EMAILS: 'admin@lucky.test',
      // The journeys run on the wall clock; the 16:00 sweep (tested in the API suite) must not settle
      // an order mid-journey when a run straddles the deadline.
      DEADLINE_SWEEP_SECONDS: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The journeys act as the bank feed (tests/support.ts signs each notification with this secret): a
      // public shop's setting, tried on this machine beside the local defaults.
      ALLOW_LOCAL_DEFAULTS: 'true',
      SEPAY_WEBHOOK_SECRET: 'e2e-sepay-webhook-secret-0123456789',
      // 'Đối soát ngay' reads SePay's transaction list from tests/sepay-list-stand-in.ts, which the journey
      // starts; no pull runs by itself, so a journey decides when the shop looks.
      SEPAY_API_TOKEN: 'e2e-sepay-api-token-0123456789',
      SEPAY_API_URL: 'http://127.0.0.1:8093',
      RECONCILE_SECONDS: '0',
      BANK_ACCOUNT_NUMBER: '0123456789',
      // Order notifications (Web Push): a key pair for these journeys only (npm run vapid).
      VAPID_PUBLIC_KEY: 'BH5mS2G3LEFkLEqfleED7AI4ZwxnkdgD_kBb8pDwnbIKPGsdZwWqhkCX1z9EDP1eKh5jwCZqJj-z9T5kcVuOW5o',
      VAPID_PRIVATE_KEY: '4i46E4KNYha0o7Nb9siSU7wmWRp7JhBNKtgh7-xcMM8',
      VAPID_SUBJECT: 'mailto:shop@lucky.test',
    },
  },
});
