/**
 * Pulling what the bank feed missed, against local stand-ins that speak SePay's and Casso's transaction-list
 * APIs: what the shop's operator notices — a payment the webhook never delivered confirms its order after
 * a pull, the webhook arriving later has no second effect, what the console answers to 'Đối soát ngay',
 * how the pulls page, wait out a 429 and recover from a 500, and when staff are told they keep failing.
 */
import { Writable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFeedEvent,
  bankFeedStatuses,
  formatBankTime,
  formatShopTimeShort,
  reconcileResult,
  shopDate,
  type BankProvider,
  type ReconcileResult,
} from '@lucky/shared';
import { auditLog, bankFeedPulls, bankTransfers, events } from '../../db/schema.js';
import { startReconcileJob } from '../../jobs/reconcile.js';
import {
  startCassoStandIn,
  startSepayStandIn,
  type CassoStandIn,
  type SepayStandIn,
  type StandIn,
} from '../../test/bank-feed-stand-ins.js';
import { openStream } from '../../test/event-stream.js';
import { createCustomer, createOrder, createPlatform, createStoreItem, storedOrder as storedOrderRow } from '../../test/fixtures.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/harness.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/provider-stand-ins.js';
import { newOrderCode } from '../orders/service.js';
import { FEED_ALERT_AFTER_MS, pullBankFeeds } from './service.js';
import { BANK_FEED_ENV, SHOP_ACCOUNT, deliver, newTxId } from './webhook-fixtures.js';

const RECONCILE = '/payment/api/v1/admin/reconcile';
/** Bank-feed credentials on a shop that serves only this machine (config-safety.ts). */
const LOCAL = { ALLOW_LOCAL_DEFAULTS: 'true' } as const;
const PROVIDERS: BankProvider[] = ['sepay', 'casso'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A time the bank would print: whole seconds. */
const bankTime = (msAgo: number) => new Date(Math.floor((Date.now() - msAgo) / 1000) * 1000);

/** A shop with a 50 000 VND item, and its admin signed in. */
async function openShop(t: TestApp) {
  const platform = await createPlatform(t.app.ctx.db, { name: 'Liên Quân Đối Soát' });
  const item = await createStoreItem(t.app.ctx.db, platform.id, { priceVnd: 50_000 });
  const admin = (await t.signIn('admin@lucky.test')).access_token;
  return {
    admin,
    /** A bank order of `totalVnd` waiting for its transfer, with a real order code. */
    async newOrder(totalVnd = 50_000) {
      const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
      return createOrder(t.app.ctx.db, {
        userId: customer.userId,
        platformId: platform.id,
        code: newOrderCode(),
        lines: [{ storeId: item.id, priceVnd: totalVnd, coinCost: 500, giftCoin: 5 }],
      });
    },
    /** Staff press 'Đối soát ngay'. */
    async reconcile(): Promise<ReconcileResult> {
      const res = await t.request({ method: 'POST', url: RECONCILE, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return reconcileResult.parse(res.json());
    },
    async status() {
      const res = await t.request({ method: 'GET', url: RECONCILE, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return bankFeedStatuses.parse(res.json());
    },
  };
}

const transfersOf = (t: TestApp, provider: BankProvider, txId: number) =>
  t.app.ctx.db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTxId, String(txId))));

const storedOrder = (t: TestApp, id: string) => storedOrderRow(t.app.ctx.db, id);

const statusMoves = (t: TestApp, orderId: string) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status')))
    .orderBy(asc(auditLog.id));

const query = (request: StandIn['requests'][number]) => Object.fromEntries(request.url.searchParams);

describe.each(PROVIDERS)('%s: a payment the webhook never delivered', (provider) => {
  let feed: SepayStandIn | CassoStandIn;
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof openShop>>;

  beforeAll(async () => {
    feed = provider === 'sepay' ? await startSepayStandIn(SHOP_ACCOUNT) : await startCassoStandIn(SHOP_ACCOUNT);
    t = await createTestApp({ ...LOCAL, ...BANK_FEED_ENV, ...feed.env });
    shop = await openShop(t);
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
  });

  it('confirms its order after a pull; the same transaction arriving later by webhook has no second effect', async () => {
    const order = await shop.newOrder();
    const at = bankTime(10 * 60_000);
    const txId = newTxId();
    const memo = `MBVCB.3278614.${order.code} chuyen tien`;
    const row = feed.add({ id: txId, amountVnd: 50_000, memo, at });

    expect(await shop.reconcile()).toEqual({ [provider]: { fetched: 1, new: 1 } });

    const paid = await storedOrder(t, order.id);
    expect(paid.status).toBe(1);
    expect(paid.paidAt).toEqual(at);
    const [transfer] = await transfersOf(t, provider, txId);
    expect(transfer).toMatchObject({
      source: 'pull',
      status: 'matched',
      orderId: order.id,
      amountVnd: 50_000,
      direction: 'in',
      transactionAt: at,
      // The row's own JSON, kept as a webhook's body is.
      rawBody: JSON.stringify(row),
    });
    const list = await t.request({ method: 'GET', url: `/payment/api/v1/admin/transfer/list?q=${order.code}`, token: shop.admin });
    expect(list.json().rows).toEqual([expect.objectContaining({ id: transfer!.id, source: 'pull', order_code: order.code })]);

    // The provider's webhook comes through after all: the same transaction, so the same record.
    const res = await deliver(t.app, provider, { txId, amountVnd: 50_000, memo, at });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await transfersOf(t, provider, txId)).toEqual([transfer]);
    expect(await statusMoves(t, order.id)).toHaveLength(1);
    const orderEvents = await t.app.ctx.db.select().from(events).where(eq(events.entityId, order.id));
    expect(orderEvents.map((event) => event.cause)).toEqual(['paid']);
  });

  it('asks the provider exactly as its API is documented, from a cursor that overlaps the last pull', async () => {
    const before = feed.requests.length;
    const result = await shop.reconcile();
    // The overlap lists the last transaction again; it is recorded already, so nothing is new.
    expect(result).toEqual({ [provider]: { fetched: 1, new: 0 } });
    const [first, second] = [feed.requests[0]!, feed.requests[before]!];
    const now = Date.now();
    if (provider === 'sepay') {
      const sepay = feed as SepayStandIn;
      expect(first.url.pathname).toBe('/userapi/transactions/list');
      expect(first.authorization).toBe(`Bearer ${sepay.token}`);
      // The first pull reads the last day, in the shop's time; later ones go by SePay's ids.
      expect(query(first)).toEqual({
        account_number: SHOP_ACCOUNT,
        transaction_date_min: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        limit: '5000',
      });
      const dateMin = query(first).transaction_date_min!;
      expect(dateMin >= formatBankTime(new Date(now - DAY_MS - 60_000))).toBe(true);
      expect(dateMin <= formatBankTime(new Date(now - DAY_MS + 60_000))).toBe(true);
      const [stored] = await t.app.ctx.db.select().from(bankFeedPulls).where(eq(bankFeedPulls.provider, 'sepay'));
      expect(query(second)).toEqual({ account_number: SHOP_ACCOUNT, since_id: String(BigInt(stored!.cursor) - 100n), limit: '5000' });
    } else {
      const casso = feed as CassoStandIn;
      expect(first.url.pathname).toBe('/v2/transactions');
      expect(first.authorization).toBe(`Apikey ${casso.apiKey}`);
      expect(query(first)).toEqual({
        fromDate: shopDate(new Date(now - DAY_MS)),
        toDate: shopDate(new Date(now + DAY_MS)),
        page: '1',
        pageSize: '100',
        sort: 'ASC',
      });
      // From the day before the last successful pull: a bank that posts late is still read.
      expect(query(second).fromDate).toBe(shopDate(new Date(now - DAY_MS)));
    }
  });

  it('picks up a transaction the bank posted late, dated before the last pull', async () => {
    const txId = newTxId();
    const at = bankTime(5 * 60 * 60_000);
    feed.add({ id: txId, amountVnd: 120_000, memo: 'chuyen tien khong ghi ma', at });

    const result = await shop.reconcile();

    expect(result[provider]).toMatchObject({ new: 1 });
    expect(await transfersOf(t, provider, txId)).toEqual([
      expect.objectContaining({ source: 'pull', status: 'unmatched', reason: 'no_code', amountVnd: 120_000, transactionAt: at }),
    ]);
  });

  it('records nothing new for what the webhook delivered already', async () => {
    const order = await shop.newOrder();
    const txId = newTxId();
    const memo = `Thanh toan ${order.code}`;
    expect((await deliver(t.app, provider, { txId, amountVnd: 50_000, memo })).statusCode).toBe(200);
    feed.add({ id: txId, amountVnd: 50_000, memo });

    expect((await shop.reconcile())[provider]).toMatchObject({ new: 0 });
    expect(await transfersOf(t, provider, txId)).toEqual([expect.objectContaining({ source: 'webhook', status: 'matched' })]);
    expect(await statusMoves(t, order.id)).toHaveLength(1);
  });

  it('shows where the pulls stand', async () => {
    const status = await shop.status();
    expect(status).toEqual({
      interval_seconds: 300,
      feeds: [{ provider, last_success_at: expect.any(String), failing_since: null, last_error: '' }],
    });
    expect(Date.now() - Date.parse(status.feeds[0]!.last_success_at!)).toBeLessThan(60_000);
  });
});

describe('pages, rate limits and failures', () => {
  let sepay: SepayStandIn;
  let casso: CassoStandIn;
  let telegram: TelegramStandIn;
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof openShop>>;
  let base: string;

  beforeAll(async () => {
    [sepay, casso, telegram] = await Promise.all([
      startSepayStandIn(SHOP_ACCOUNT),
      // Casso caps the page below the 100 the shop asks for: the shop follows nextPage / totalPages.
      startCassoStandIn(SHOP_ACCOUNT, { maxPageSize: 2 }),
      startTelegramStandIn(),
    ]);
    t = await createTestApp({ ...LOCAL, ...BANK_FEED_ENV, ...sepay.env, ...casso.env, ...telegram.env });
    shop = await openShop(t);
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([sepay?.close(), casso?.close(), telegram?.close()]);
  });

  const pull = async (options: { sepayPageSize?: number } = {}) => (await pullBankFeeds(t.app.ctx, { wait: true, ...options }))!;
  const addBoth = (amountVnd: number, memo = 'ung ho shop') => {
    const id = newTxId();
    sepay.add({ id, amountVnd, memo });
    casso.add({ id, amountVnd, memo, account: SHOP_ACCOUNT });
    return id;
  };
  const pullState = async (provider: BankProvider) =>
    (await t.app.ctx.db.select().from(bankFeedPulls).where(eq(bankFeedPulls.provider, provider)))[0]!;

  it('reads every page: SePay from after the highest id of a full page, Casso page after page', async () => {
    const ids = [1, 2, 3, 4, 5].map(() => addBoth(10_000));
    const [sepayBefore, cassoBefore] = [sepay.requests.length, casso.requests.length];

    expect(await pull({ sepayPageSize: 2 })).toEqual({ sepay: { fetched: 5, new: 5 }, casso: { fetched: 5, new: 5 } });

    const sepayAsked = sepay.requests.slice(sepayBefore).map(query);
    expect(sepayAsked.map((q) => q.since_id)).toEqual([undefined, String(ids[1]! + 1), String(ids[3]! + 1)]);
    expect(sepayAsked.every((q) => q.limit === '2')).toBe(true);
    expect(casso.requests.slice(cassoBefore).map((r) => query(r).page)).toEqual(['1', '2', '3']);
    for (const provider of PROVIDERS) {
      for (const id of ids) expect(await transfersOf(t, provider, id)).toEqual([expect.objectContaining({ source: 'pull' })]);
    }
  });

  it('waits as a 429’s retry-after says, then goes on', async () => {
    const id = addBoth(20_000);
    sepay.failNext({ status: 429, headers: { 'x-sepay-userapi-retry-after': '1' } });
    casso.failNext({ status: 429, headers: { 'retry-after': '1' } });
    const [sepayBefore, cassoBefore] = [sepay.requests.length, casso.requests.length];

    const result = await pull();

    expect(result.sepay).toEqual({ fetched: expect.any(Number), new: 1 });
    expect(result.casso).toEqual({ fetched: expect.any(Number), new: 1 });
    for (const [feed, before] of [
      [sepay, sepayBefore],
      [casso, cassoBefore],
    ] as const) {
      const [limited, retried] = feed.requests.slice(before);
      // Timers may fire a few milliseconds early.
      expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(990);
    }
    for (const provider of PROVIDERS) expect(await transfersOf(t, provider, id)).toHaveLength(1);
  });

  it('gives the round up when a 429 asks for more than a minute, and after a 500; nothing is lost at the next round', async () => {
    const id = addBoth(30_000);
    sepay.failNext({ status: 429, headers: { 'retry-after': '120' } });
    casso.failNext({ status: 500 });

    const started = Date.now();
    const failed = await pull();

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(failed).toEqual({
      sepay: { fetched: 0, new: 0, error: 'SePay đang giới hạn số lần gọi (HTTP 429), sẽ thử lại ở lần đối soát sau' },
      casso: { fetched: 0, new: 0, error: 'Casso trả lỗi HTTP 500' },
    });
    const failing = await shop.status();
    expect(failing.feeds).toEqual([
      expect.objectContaining({ provider: 'sepay', failing_since: expect.any(String), last_error: failed.sepay!.error }),
      expect.objectContaining({ provider: 'casso', failing_since: expect.any(String), last_error: failed.casso!.error }),
    ]);
    for (const provider of PROVIDERS) expect(await transfersOf(t, provider, id)).toEqual([]);

    const next = await pull();

    expect(next.sepay).toMatchObject({ new: 1 });
    expect(next.casso).toMatchObject({ new: 1 });
    expect((await shop.status()).feeds.map((feed) => [feed.failing_since, feed.last_error])).toEqual([
      [null, ''],
      [null, ''],
    ]);
    for (const provider of PROVIDERS) expect(await transfersOf(t, provider, id)).toHaveLength(1);
  });

  it('stops at a row it cannot read, rather than pass it over, and goes on once it reads', async () => {
    const [before, bad, after] = [newTxId(), newTxId(), newTxId()];
    sepay.add({ id: before, amountVnd: 40_000, memo: 'truoc' });
    const unreadable = sepay.add({ id: bad, amountVnd: 40_000, memo: 'le dong' });
    unreadable.amount_in = '40000.50';
    sepay.add({ id: after, amountVnd: 40_000, memo: 'sau' });

    const result = await pull();

    expect(result.sepay).toMatchObject({ error: `SePay trả về giao dịch không đọc được (mã giao dịch ${bad})` });
    expect(await transfersOf(t, 'sepay', before)).toHaveLength(1);
    expect(await transfersOf(t, 'sepay', bad)).toEqual([]);
    expect(await transfersOf(t, 'sepay', after)).toEqual([]);

    unreadable.amount_in = '40000.00';
    expect((await pull()).sepay).toMatchObject({ new: 2 });
    expect(await transfersOf(t, 'sepay', after)).toHaveLength(1);
  });

  it('tells staff once when a provider’s pulls have failed for an hour, on Telegram and the console, and again when they work', async () => {
    const admin = await openStream(`${base}/order/api/v1/admin/order/events`, { 'x-api-key': TEST_API_KEY, authorization: shop.admin });
    const sent = telegram.messages.length;
    sepay.failNext({ status: 503 });
    await pull();
    const { failingSince } = await pullState('sepay');
    expect(failingSince).not.toBeNull();
    await t.app.alerts.idle();
    // Failing for less than an hour: the shop just tries again.
    expect(telegram.messages).toHaveLength(sent);

    // An hour of failed rounds later…
    const anHourAgo = new Date(Date.now() - FEED_ALERT_AFTER_MS - 60_000);
    await t.app.ctx.db.update(bankFeedPulls).set({ failingSince: anHourAgo }).where(eq(bankFeedPulls.provider, 'sepay'));
    sepay.failNext({ status: 503 }, 2);
    await pull();
    await pull();
    await t.app.alerts.idle();

    expect(telegram.messages.slice(sent).map((message) => message.text)).toEqual([
      `🔴 Không đối soát được với SePay từ ${formatShopTimeShort(anHourAgo)} — SePay trả lỗi HTTP 503 — ` +
        'giao dịch webhook bỏ lỡ sẽ chưa được ghi nhận; shop vẫn tự thử lại',
    ]);
    const failing = await admin.next((message) => message.event === 'feed');
    expect(adminFeedEvent.parse(failing.data)).toEqual({
      cause: 'feed_failing',
      feed: { provider: 'sepay', last_success_at: expect.any(String), failing_since: anHourAgo.toISOString(), last_error: 'SePay trả lỗi HTTP 503' },
    });
    expect(await t.app.ctx.db.select().from(events).where(eq(events.kind, 'feed'))).toHaveLength(1);

    await pull();
    await t.app.alerts.idle();
    const { lastSuccessAt } = await pullState('sepay');
    expect(telegram.messages.slice(sent + 1).map((message) => message.text)).toEqual([
      `🟢 Đối soát với SePay đã hoạt động lại lúc ${formatShopTimeShort(lastSuccessAt!)}`,
    ]);
    const recovered = await admin.next((message) => message.event === 'feed' && (message.data as { cause: string }).cause === 'feed_recovered');
    expect(adminFeedEvent.parse(recovered.data).feed).toMatchObject({ provider: 'sepay', failing_since: null, last_error: '' });
    admin.close();

    // A new failing spell is a new alert, after its own hour.
    sepay.failNext({ status: 503 });
    await pull();
    await t.app.alerts.idle();
    expect(telegram.messages).toHaveLength(sent + 2);
    await pull();
  });

  it('pulls at start-up and then every interval, as a job', async () => {
    const order = await shop.newOrder();
    const id = newTxId();
    sepay.add({ id, amountVnd: 50_000, memo: order.code });
    const paid = new Promise<void>((resolve) => {
      const off = t.app.ctx.events.subscribe((event) => {
        if (event.entityId !== order.id || event.cause !== 'paid') return;
        off();
        resolve();
      });
    });

    const job = startReconcileJob(t.app.ctx, 60_000);
    await paid;
    await job.stop();

    expect((await storedOrder(t, order.id)).status).toBe(1);
    expect(await transfersOf(t, 'sepay', id)).toEqual([expect.objectContaining({ source: 'pull', status: 'matched' })]);
  });
});

describe('credentials and permissions', () => {
  const lines: string[] = [];
  const capture = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  let sepay: SepayStandIn;
  let t: TestApp;
  let bare: TestApp;
  let shop: Awaited<ReturnType<typeof openShop>>;
  const WRONG_TOKEN = 'sepay-api-token-REVOKED-0123456789';
  const STAFF_EMAIL = 'nhanvien@lucky.test';

  beforeAll(async () => {
    sepay = await startSepayStandIn(SHOP_ACCOUNT);
    [t, bare] = await Promise.all([
      createTestApp(
        { ...LOCAL, ...sepay.env, SEPAY_API_TOKEN: WRONG_TOKEN, LOG_LEVEL: 'trace', STAFF_EMAILS: STAFF_EMAIL },
        { logStream: capture },
      ),
      createTestApp(),
    ]);
    shop = await openShop(t);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), bare?.close()]);
    await sepay?.close();
  });

  it('says when the provider refuses the API token, and never logs the token', async () => {
    sepay.add({ id: newTxId(), amountVnd: 10_000, memo: 'x' });

    expect(await shop.reconcile()).toEqual({
      sepay: { fetched: 0, new: 0, error: 'SePay từ chối thông tin xác thực (HTTP 401): kiểm tra khóa API đã cấu hình' },
    });
    expect(sepay.requests.at(-1)!.authorization).toBe(`Bearer ${WRONG_TOKEN}`);
    const logged = lines.join('');
    expect(logged).toContain('bank feed pull failed');
    expect(logged).not.toContain(WRONG_TOKEN);
  });

  it('lets owners pull on demand, and staff only read where the pulls stand', async () => {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    for (const method of ['POST', 'GET'] as const) {
      expect((await t.request({ method, url: RECONCILE })).statusCode).toBe(401);
      expect((await t.request({ method, url: RECONCILE, token: customer.token })).statusCode).toBe(403);
    }
    const staff = (await t.signIn(STAFF_EMAIL)).access_token;
    const before = sepay.requests.length;
    expect((await t.request({ method: 'POST', url: RECONCILE, token: staff })).statusCode).toBe(403);
    expect(sepay.requests).toHaveLength(before);
    const status = await t.request({ method: 'GET', url: RECONCILE, token: staff });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().feeds).toEqual([expect.objectContaining({ provider: 'sepay' })]);
  });

  it('pulls nothing where no provider’s API credential is set', async () => {
    const admin = (await bare.signIn('admin@lucky.test')).access_token;
    const post = await bare.request({ method: 'POST', url: RECONCILE, token: admin });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toEqual({});
    const get = await bare.request({ method: 'GET', url: RECONCILE, token: admin });
    expect(get.json()).toEqual({ interval_seconds: 300, feeds: [] });
  });
});
