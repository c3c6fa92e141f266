/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base address; '' (default) means the same origin that served the web app. */
  readonly VITE_API_BASE?: string;
  readonly VITE_API_KEY?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_DEMO_SIGN_IN?: string;
  readonly VITE_BANK_BIN?: string;
  readonly VITE_BANK_NAME?: string;
  readonly VITE_BANK_ACCOUNT_NUMBER?: string;
  readonly VITE_BANK_ACCOUNT_HOLDER?: string;
  readonly VITE_SUPPORT_SOCIAL_URL?: string;
  readonly VITE_SUPPORT_CHAT_URL?: string;
  readonly VITE_SUPPORT_MESSENGER_URL?: string;
  readonly VITE_DEADLINE_HOUR?: string;
  readonly VITE_PROMISE_LEAD_MINUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
