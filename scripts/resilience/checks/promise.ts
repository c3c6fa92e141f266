/**
 * The promise exploit over two instances (docs/decisions/0022-promise-lead-time.md): two API processes on one
 * PostgreSQL, both running the 16:00 sweep every second, and the ways to mint coins from the promise tried
 * against them —
 * - a customer with no coins orders, with coins, an item whose coin price is 0 (each would once have earned
 *   10 coins of compensation): every order is refused;
 * - a customer orders with coins in the last hour before the deadline: every order is due at the next day's
 *   deadline, and the sweeps leave it alone;
 * - 20 late coin orders of one customer are settled by both sweeps at once: the customer is compensated the
 *   daily cap (COMPENSATION_DAILY_CAP), not 20 times the compensation.
 * The deadline hour is set to the next full hour of the shop's clock, so that "now" is inside the last hour
 * before a deadline whenever the suite runs. Coins minted = compensation paid beyond what the rules allow.
 */
import {
  type Session,
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
import { type Database, Instance, connect, disconnect, hex, waitFor } from '../harness.js';
import { num, pgSql } from '../invariants.js';
import { toWallClock } from '@lucky/shared/shop-clock';
import type { Figure } from '../types.js';

/** The shop's defaults (packages/shared/src/constants.ts): the lead time and the daily compensation cap. */
const LEAD_MINUTES = 60;
const DAILY_CAP = 300;
const LATE_ORDERS = 20;
/** A coin price whose compensation (10 %) is 50 coins: 20 late orders would be 1,000 coins without the cap. */
const ORDER_COINS = 500;

/** The shop clock's hour at `at` (packages/shared/src/shop-clock.ts). */
const shopHour = (at: Date) => toWallClock(at).hour;

export async function checkPromiseExploit(suite: Suite, database: Database, owner: Session): Promise<Figure> {
  const { shop, resources, logs } = suite;
  const started = new Date();
  const deadlineHour = (shopHour(started) + 1) % 24;
  const env = suite.env({
    DATABASE_URL: database.url,
    DEADLINE_HOUR: String(deadlineHour),
    PROMISE_LEAD_MINUTES: String(LEAD_MINUTES),
    COMPENSATION_DAILY_CAP: String(DAILY_CAP),
    DEADLINE_SWEEP_SECONDS: '1',
  });
  const instances = await Promise.all([1, 2].map((n) => Instance.create(resources, logs, `promise-${n}`, env)));
  const client = await connect(resources, database.url);
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    const [a, b] = instances as [Instance, Instance];
    const sql = pgSql(client);
    const compensation = async (userId: string) =>
      num(
        (
          await sql(
            `select coalesce(sum(delta), 0) as n from coin_ledger where user_id = $1 and reason = 'late_compensation'`,
            [userId],
          )
        )[0]!.n,
      );

    // A platform of the shop's with an item whose coin price is 0, and one of 500 coins.
    const platforms = expectOk(
      'platform list',
      await call<{ id: number; shop_config: { need_login: boolean } }[]>(
        a.url,
        'GET',
        '/platform/api/v1/platform/list',
        { apiKey: shop.apiKey },
      ),
    );
    const platform = platforms.find((p) => !p.shop_config.need_login) ?? platforms[0]!;
    const addItem = async (name: string, coin: number) =>
      expectOk(
        `item ${name}`,
        await call<{ id: number }>(a.url, 'POST', '/store/api/v1/admin/store', {
          apiKey: shop.apiKey,
          token: owner.token,
          body: { platform_id: platform.id, name, price: 10_000, raw_price: 10_000, coin, gift_coin: 0 },
        }),
      );
    const free = await addItem(`Quà 0 coin ${hex(3)}`, 0);
    const paid = await addItem(`Gói ${ORDER_COINS} coin ${hex(3)}`, ORDER_COINS);
    const itemOf = (item: { id: number }) => ({
      id: item.id,
      price: 10_000,
      coin: 0,
      gift_coin: 0,
      needLogin: platform.shop_config.need_login,
    });

    // 1. Farming free items with an empty wallet, over both instances at once.
    const farmer = await signIn(shop, a.url, `farmer-${hex(4)}@resilience.test`);
    const farmed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        placeOrder(shop, (i % 2 ? b : a).url, farmer, orderBody(shop, itemOf(free), PAY_COIN)),
      ),
    );
    const refusedFree = farmed.filter((reply) => reply.status === 400 && codeOf(reply) === 'VALIDATION').length;

    // 2. Coin orders in the last hour before the deadline: due the next day, left alone by both sweeps.
    const lastMinute = await signIn(shop, a.url, `last-minute-${hex(4)}@resilience.test`);
    await grantCoins(shop, b.url, owner, lastMinute.userId, 10 * ORDER_COINS);
    const placedLate = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        placeOrder(shop, (i % 2 ? b : a).url, lastMinute, orderBody(shop, itemOf(paid), PAY_COIN)),
      ),
    );
    const lastMinuteIds = placedLate.filter((reply) => reply.status === 200).map((reply) => reply.body.id);
    const dueRows = await sql(
      `select count(*) filter (where due_at - created_at >= interval '${LEAD_MINUTES} minutes') as far, count(*) as n
         from orders where id = any($1::uuid[])`,
      [lastMinuteIds],
    );
    const dueLater = num(dueRows[0]!.far);

    // 3. Twenty late coin orders of one customer, settled by both sweeps at once.
    const hoarder = await signIn(shop, b.url, `late-${hex(4)}@resilience.test`);
    await grantCoins(shop, a.url, owner, hoarder.userId, LATE_ORDERS * ORDER_COINS);
    const lateReplies = await Promise.all(
      Array.from({ length: LATE_ORDERS }, (_, i) =>
        placeOrder(shop, (i % 2 ? b : a).url, hoarder, orderBody(shop, itemOf(paid), PAY_COIN)),
      ),
    );
    const lateIds = lateReplies.filter((reply) => reply.status === 200).map((reply) => reply.body.id);
    // The clock moves on for these: their deadline passed a minute ago.
    await sql(`update orders set due_at = now() - interval '1 minute' where id = any($1::uuid[])`, [lateIds]);
    await waitFor(
      'both sweeps to settle the late orders',
      async () =>
        num(
          (await sql(`select count(*) as n from orders where id = any($1::uuid[]) and status = 3`, [lateIds]))[0]!.n,
        ) === lateIds.length,
      60_000,
      200,
    );
    const stillOpen = num(
      (
        await sql(`select count(*) as n from orders where id = any($1::uuid[]) and status in (0, 1)`, [lastMinuteIds])
      )[0]!.n,
    );

    const paidToHoarder = await compensation(hoarder.userId);
    const minted =
      (await compensation(farmer.userId)) +
      (await compensation(lastMinute.userId)) +
      Math.max(0, paidToHoarder - DAILY_CAP);
    const problems = [
      refusedFree === farmed.length
        ? null
        : `${farmed.length - refusedFree} free-item coin orders not refused (${farmed.map(describe).join(', ')})`,
      dueLater === lastMinuteIds.length && lastMinuteIds.length === 10
        ? null
        : `${lastMinuteIds.length - dueLater} of ${lastMinuteIds.length} last-hour orders due within the hour`,
      stillOpen === lastMinuteIds.length
        ? null
        : `${lastMinuteIds.length - stillOpen} last-hour orders settled by the sweeps`,
      lateIds.length === LATE_ORDERS ? null : `${LATE_ORDERS - lateIds.length} late orders not placed`,
      paidToHoarder === DAILY_CAP ? null : `20 late orders paid ${fmt(paidToHoarder)} coins, the cap is ${DAILY_CAP}`,
    ].filter((problem): problem is string => problem !== null);
    return figure(
      'promise exploit (2 instances sweeping)',
      `${fmt(minted)} coins minted — ${refusedFree}/${farmed.length} free-item coin orders refused, ${dueLater}/${lastMinuteIds.length} last-hour orders due the next day, ${LATE_ORDERS} late orders compensated ${fmt(paidToHoarder)} (cap ${DAILY_CAP})`,
      minted === 0 && problems.length === 0,
      problems.join('; ') || undefined,
    );
  } finally {
    await disconnect(resources, client);
    await Promise.all(instances.map((instance) => instance.stop()));
  }
}
