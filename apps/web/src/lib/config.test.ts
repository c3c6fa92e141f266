import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';

const injected = {
  api_key: 'prod-key',
  google_client_id: 'client.apps.googleusercontent.com',
  demo_sign_in: false,
  facebook_enabled: false,
  bank: { bin: '970422', name: 'MB Bank', account_number: '99887766', account_holder: 'LUCKY SHOP' },
  support: { social_url: 'https://fb.com/lucky', chat_url: 'https://zalo.me/1', messenger_url: 'https://m.me/lucky' },
  promise: { deadline_hour: 17, lead_minutes: 90 },
};

function page(configJson?: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (configJson !== undefined) {
    const script = doc.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = configJson;
    doc.head.append(script);
  }
  return doc;
}

describe('runtime config', () => {
  it('uses the settings the API injected into index.html', () => {
    const config = loadConfig(page(JSON.stringify(injected)), { VITE_API_KEY: 'build-key', DEV: true });
    expect(config).toEqual({ ...injected, apiBase: '' });
  });

  it('falls back to the build settings without an injected block', () => {
    const config = loadConfig(page(), { DEV: true });
    expect(config.api_key).toBe('lucky-local-key');
    expect(config.demo_sign_in).toBe(true);
    expect(config.google_client_id).toBeNull();
    expect(config.support.messenger_url).toMatch(/^https:\/\//);
  });

  it('knows the promise’s deadline hour and lead time: injected, or the shop’s defaults (16:00, 60 minutes)', () => {
    expect(loadConfig(page(JSON.stringify(injected)), {}).promise).toEqual({ deadline_hour: 17, lead_minutes: 90 });
    expect(loadConfig(page(), {}).promise).toEqual({ deadline_hour: 16, lead_minutes: 60 });
    expect(loadConfig(page(), { VITE_DEADLINE_HOUR: '18', VITE_PROMISE_LEAD_MINUTES: '30' }).promise).toEqual({ deadline_hour: 18, lead_minutes: 30 });
  });

  it('turns demo sign-in off in a production build unless asked for', () => {
    expect(loadConfig(page(), { DEV: false }).demo_sign_in).toBe(false);
    expect(loadConfig(page(), { DEV: false, VITE_DEMO_SIGN_IN: 'true' }).demo_sign_in).toBe(true);
  });

  it.each(['{"api_key": 42}', '{not json'])('ignores a block that breaks the contract: %s', (block) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = loadConfig(page(block), { VITE_API_KEY: 'build-key' });
    expect(config.api_key).toBe('build-key');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('takes the API base from VITE_API_BASE only, without a trailing slash', () => {
    expect(loadConfig(page(JSON.stringify(injected)), { VITE_API_BASE: 'https://api.lucky.vn/' }).apiBase).toBe(
      'https://api.lucky.vn',
    );
  });
});
