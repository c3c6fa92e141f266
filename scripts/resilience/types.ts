export interface Figure { label: string; value: string | number; ok: boolean; detail?: string }
export interface Target {
  url: string;
  apiKey: string;
  /** An owner (ADMIN_EMAILS). */
  adminEmail: string;
  /** A staff member (STAFF_EMAILS). */
  staffEmail: string;
  /** The instance's JWT_SECRET: the authorization matrix signs an already expired access token with it. */
  jwtSecret: string;
  /** every log line the instances printed so far */
  logs(): string;
}
