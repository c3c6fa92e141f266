/**
 * Secrets: all log output of the whole run (every instance, every tool the suite ran, and the suite's own
 * lines) is searched for every token, password and key the run used, and for anything shaped like an
 * access token (a JWT), wherever it came from. The hits are named by kind and source, never shown.
 */
import { PAY_COIN, call, describe, expectOk, grantCoins, orderBody, placeOrder, signIn } from '../api.js';
import { type Suite, figure, fmt } from '../context.js';
import { hex } from '../harness.js';
import type { Figure } from '../types.js';
import type { Pair } from './money.js';

const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

/** One more path for a secret to leak through, right before the scan: an admin reveals a game password. */
export async function revealOnePassword(suite: Suite, pair: Pair): Promise<void> {
  const { shop } = suite;
  const [a, b] = pair.instances;
  const customer = await signIn(shop, a.url, `secrets-${hex(4)}@resilience.test`);
  await grantCoins(shop, a.url, pair.admin, customer.userId, pair.items.login.coin);
  const body = orderBody(shop, pair.items.login, PAY_COIN);
  const order = expectOk('an order with a game password', await placeOrder(shop, a.url, customer, body));
  const reply = await call<{ order_pass: string | null }>(
    b.url,
    'POST',
    `/order/api/v1/admin/order/${order.id}/reveal-password`,
    {
      apiKey: shop.apiKey,
      token: pair.admin.token,
    },
  );
  if (
    expectOk(`password reveal (${describe(reply)})`, reply).order_pass !== (body as { order_pass: string }).order_pass
  ) {
    throw new Error('the revealed password is not the one sent');
  }
}

export function checkSecrets(suite: Suite, printed: string[]): Figure {
  const chunks = [...suite.logs.chunks, { source: 'the suite', text: printed.join('\n'), instance: false }];
  const hits = new Map<string, number>();
  const hit = (what: string) => hits.set(what, (hits.get(what) ?? 0) + 1);
  // Per source, so a secret split across two chunks of one stream is still found.
  const bySource = new Map<string, string>();
  for (const chunk of chunks) bySource.set(chunk.source, (bySource.get(chunk.source) ?? '') + chunk.text);
  for (const [source, text] of bySource) {
    for (const [value, kind] of suite.secrets.values) {
      for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length))
        hit(`${kind} in ${source}`);
    }
    for (const _ of text.matchAll(JWT)) hit(`a token-shaped string in ${source}`);
  }
  const total = [...hits.values()].reduce((a, b) => a + b, 0);
  const kinds = new Set(suite.secrets.values.values());
  const megabytes = (suite.logs.bytes() / 1_048_576).toFixed(1);
  return figure(
    'secrets',
    `${total} hits`,
    total === 0 && suite.secrets.values.size > 0,
    [
      `${fmt(suite.secrets.values.size)} secrets (${[...kinds].join(', ')}) and token-shaped strings searched in ${megabytes} MB of log output from ${suite.logs.sources()} processes`,
      ...[...hits.entries()].slice(0, 4).map(([what, n]) => `${n}× ${what}`),
    ].join(' — '),
  );
}
