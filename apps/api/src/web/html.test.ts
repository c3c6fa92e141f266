import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@lucky/shared';
import { withPageData, PLATFORM_LIST_PATH } from './page-data.js';
import { withPublicConfig } from './public-config.js';

/** Every kind of text that a replacement pattern or an HTML parser would read as more than text. */
const ODD = "$` $' $& $1 $$ </script><b> \u2028\u2029";
const TEMPLATE =
  '<!doctype html><html><head><title>Lucky</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** The data block with the given id: its JSON parsed, and the page without it. */
function split(html: string, id: string): { value: unknown; rest: string } {
  const match = new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`, 's').exec(html);
  if (!match) throw new Error(`no ${id} block`);
  return { value: JSON.parse(match[1]!), rest: html.slice(0, match.index) + html.slice(match.index + match[0].length) };
}

describe('data blocks in the page', () => {
  it('insert the catalogue as it is: it parses back to the same strings, and the page around it is the template', () => {
    const games = [{ id: 1, name: ODD, picture: null, is_active: true, shop_config: { need_login: false, sale_picture: ODD } }];
    const page = withPageData(TEMPLATE, { responses: [[PLATFORM_LIST_PATH, Buffer.from(JSON.stringify(games))]], images: [] });
    const { value, rest } = split(page, 'initial-data');
    expect(value).toEqual({ [PLATFORM_LIST_PATH]: games });
    expect(rest).toBe(TEMPLATE);
    expect(page.indexOf('<script id="initial-data"')).toBe(TEMPLATE.indexOf('</head>'));
  });

  it('insert the public settings as they are', () => {
    const settings: PublicConfig = {
      api_key: ODD,
      google_client_id: null,
      demo_sign_in: false,
      facebook_enabled: false,
      bank: { bin: '970436', name: ODD, account_number: '0123', account_holder: ODD },
      support: { social_url: ODD, chat_url: ODD, messenger_url: ODD },
      promise: { deadline_hour: 16, lead_minutes: 60 },
    };
    const { value, rest } = split(withPublicConfig(TEMPLATE, settings), 'app-config');
    expect(value).toEqual(settings);
    expect(rest).toBe(TEMPLATE);
  });
});
