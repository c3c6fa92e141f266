/**
 * The run-time settings handed to the browser (docs/decisions/0001-runtime-public-config.md): public values
 * only, as a JSON data block in every page, so one build serves any shop's settings.
 */
import type { PublicConfig } from '@lucky/shared';
import type { AppContext } from '../context.js';
import { beforeHeadEnd, jsonBlock } from './html.js';

export function publicConfig(ctx: AppContext): PublicConfig {
  const { config } = ctx;
  return {
    api_key: config.apiKey,
    google_client_id: config.auth.google.clientId,
    demo_sign_in: config.auth.demo,
    facebook_enabled: config.auth.facebook !== null,
    push_public_key: config.push?.publicKey ?? null,
    bank: {
      bin: config.bank.bin,
      name: config.bank.name,
      account_number: config.bank.accountNumber,
      account_holder: config.bank.accountHolder,
    },
    support: {
      social_url: config.support.socialUrl,
      chat_url: config.support.chatUrl,
      messenger_url: config.support.messengerUrl,
    },
    promise: { deadline_hour: config.deadlineHour, lead_minutes: config.promiseLeadMinutes },
  };
}

/** The page with its `<script id="app-config">` block (read by apps/web/src/lib/config.ts). */
export const withPublicConfig = (html: string, value: PublicConfig): string =>
  beforeHeadEnd(html, jsonBlock('app-config', JSON.stringify(value)));
