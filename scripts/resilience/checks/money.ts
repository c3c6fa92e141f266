/**
 * Overspend: a customer with C coins fires 10·N coin orders of C/N each over both instances at once;
 * exactly N are accepted, available coins never go below zero, the ledger sums to the stored total.
 * Idempotency: 20 submits with one Idempotency-Key over both instances make one order.
 */
import {
  type CatalogueItem,
  type Session,
  PAY_BANK,
  PAY_COIN,
  call,
  codeOf,
  describe,
  expectOk,
  grantCoins,
  orderBody,
  placeOrder,
  signIn,
} from '../api.js';
import { type Suite, figure, fmt } from '../context.js';
import { type Database, type Instance, connect, disconnect, hex } from '../harness.js';
import { num, pgSql } from '../invariants.js';
import type { Figure } from '../types.js';

export interface Pair {
  instances: [Instance, Instance];
  admin: Session;
  items: { login: CatalogueItem; uid: CatalogueItem };
  database: Database;
}

export async function checkOverspend(suite: Suite, pair: Pair, n = 5): Promise<Figure> {
  const { shop } = suite;
  const [a, b] = pair.instances;
  const item = pair.items.uid;
  const cost = item.coin;
  const coins = n * cost;
  const customer = await signIn(shop, a.url, `overspend-${hex(4)}@resilience.test`);
  await grantCoins(shop, b.url, pair.admin, customer.userId, coins);

  const client = await connect(suite.resources, pair.database.url);
  try {
    const sql = pgSql(client);
    const available = async () =>
      num(
        (
          await sql(
            `select u.coin_total - coalesce((select sum(o.total_coin) from orders o
                where o.user_id = u.id and o.pay_method = 0 and o.status in (0, 1)), 0) as available
               from users u where u.id = $1`,
            [customer.userId],
          )
        )[0]!.available,
      );

    // Sample available coins from the database for as long as the orders are in flight.
    let done = false;
    let lowest = Infinity;
    let samples = 0;
    let samplerError: Error | null = null;
    const sampler = (async () => {
      while (!done && samples < 5000) {
        lowest = Math.min(lowest, await available());
        samples++;
      }
    })().catch((error: Error) => {
      samplerError = error;
    });
    const body = orderBody(shop, item, PAY_COIN);
    const replies = await Promise.all(
      Array.from({ length: 10 * n }, (_, i) => placeOrder(shop, (i % 2 === 0 ? a : b).url, customer, body)),
    );
    done = true;
    await sampler;
    if (samplerError) throw samplerError;
    lowest = Math.min(lowest, await available());

    const accepted = replies.filter((r) => r.status === 200).length;
    const refused = replies.filter((r) => r.status === 409 && codeOf(r) === 'NOT_ENOUGH_COINS').length;
    const other = replies.filter((r) => r.status !== 200 && !(r.status === 409 && codeOf(r) === 'NOT_ENOUGH_COINS'));
    const ledger = (
      await sql(`select coalesce(sum(delta), 0) as s from coin_ledger where user_id = $1`, [customer.userId])
    )[0]!;
    const stored = (await sql(`select coin_total from users where id = $1`, [customer.userId]))[0]!;
    const inDb = num(
      (await sql(`select count(*) as n from orders where user_id = $1 and pay_method = 0`, [customer.userId]))[0]!.n,
    );
    const bank = expectOk(
      'bank',
      await call<{ total: number }>(b.url, 'GET', '/bank/api/v1/bank', { apiKey: shop.apiKey, token: customer.token }),
    ).total;
    const pending = expectOk(
      'pending coins',
      await call<number>(a.url, 'GET', '/order/api/v1/order/count-pending-coin', {
        apiKey: shop.apiKey,
        token: customer.token,
      }),
    );

    const ledgerOk = num(ledger.s) === num(stored.coin_total) && num(stored.coin_total) === coins;
    const ok =
      accepted === n &&
      inDb === n &&
      refused === 10 * n - n &&
      other.length === 0 &&
      lowest >= 0 &&
      ledgerOk &&
      bank - pending === 0;
    const detail = [
      lowest >= 0
        ? `available never below 0 (${fmt(samples)} samples, lowest ${lowest})`
        : `available went down to ${lowest}`,
      ledgerOk
        ? 'ledger sum = stored total'
        : `ledger sum ${num(ledger.s)}, stored total ${num(stored.coin_total)}, granted ${coins}`,
      ...(other.length > 0 ? [`${other.length} other answers (${describe(other[0]!)})`] : []),
      ...(inDb !== accepted ? [`${inDb} coin orders stored`] : []),
      ...(bank - pending !== 0 ? [`API shows ${bank - pending} available`] : []),
    ].join(' — ');
    return figure('overspend', `${accepted} of ${10 * n} accepted (expected ${n})`, ok, detail);
  } finally {
    await disconnect(suite.resources, client);
  }
}

export async function checkIdempotency(suite: Suite, pair: Pair): Promise<Figure> {
  const { shop } = suite;
  const [a, b] = pair.instances;
  const customer = await signIn(shop, b.url, `idempotency-${hex(4)}@resilience.test`);
  const body = orderBody(shop, pair.items.uid, PAY_BANK);
  const key = `resilience-${hex(8)}`;
  const replies = await Promise.all(
    Array.from({ length: 20 }, (_, i) => placeOrder(shop, (i % 2 === 0 ? a : b).url, customer, body, key)),
  );
  const ids = new Set(replies.filter((r) => r.status === 200).map((r) => r.body.id));
  const answered = replies.filter((r) => r.status === 200).length;
  const other = replies.filter((r) => r.status !== 200);

  const client = await connect(suite.resources, pair.database.url);
  try {
    const stored = num(
      (await pgSql(client)(`select count(*) as n from orders where user_id = $1`, [customer.userId]))[0]!.n,
    );
    const ok = stored === 1 && ids.size === 1 && answered === 20;
    const detail = [
      `${answered} of 20 answered with ${ids.size === 1 ? 'it' : `${ids.size} different orders`}`,
      ...(other.length > 0 ? [`${other.length} other answers (${describe(other[0]!)})`] : []),
    ].join(' — ');
    return figure(
      'idempotency',
      `${stored} order${stored === 1 ? '' : 's'} from 20 submits with one key over both instances`,
      ok,
      detail,
    );
  } finally {
    await disconnect(suite.resources, client);
  }
}
