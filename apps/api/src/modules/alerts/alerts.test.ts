import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@lucky/shared';
import { createCustomer, createOrder, createPlatform, createStoreItem, grantCoins } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/provider-stand-ins.js';
import { createEventHub, type LiveEvent } from '../events/hub.js';
import { announceAtRiskOrders } from '../orders/service.js';
import { BANK_FEED_ENV, deliver, newTxId, notificationOf, post, signatureOf } from '../payments/webhook-fixtures.js';
import { startAlerts, type AlertOptions } from './service.js';

const ORDER_URL = '/order/api/v1/order';
const MINUTE = 60_000;

/** A game that needs a login and a 150-coin (20 000 VND) item. */
async function shop(t: TestApp) {
  const db = t.app.ctx.db;
  const platform = await createPlatform(db, { name: 'Liên Quân', needLogin: true });
  const item = await createStoreItem(db, platform.id, { name: 'Gói 100 Quân Huy', priceVnd: 20_000, coinCost: 150, giftCoin: 10 });
  return { platform, item };
}

/** Resolves with the first event `match` accepts; subscribe before acting. Alerts subscribed first, so they saw it too. */
function nextEvent(t: TestApp, match: (event: LiveEvent) => boolean): Promise<LiveEvent> {
  return new Promise((resolve) => {
    const off = t.app.ctx.events.subscribe((event) => {
      if (!match(event)) return;
      off();
      resolve(event);
    });
  });
}

const orderEvent = (cause: string, test: (event: LiveEvent) => boolean) => (event: LiveEvent) =>
  event.kind === 'order' && event.cause === cause && test(event);

describe('staff alerts on Telegram', () => {
  let telegram: TelegramStandIn;
  let t: TestApp;
  let itemId: number;
  let platformId: number;
  let adminToken: string;

  beforeAll(async () => {
    telegram = await startTelegramStandIn();
    t = await createTestApp({ ...telegram.env, ...BANK_FEED_ENV });
    const { platform, item } = await shop(t);
    itemId = item.id;
    platformId = platform.id;
    adminToken = (await t.signIn('admin@lucky.test')).access_token;
  });
  afterAll(async () => {
    await t?.close();
    await telegram?.close();
  });

  const messagesAbout = (code: string) => telegram.messages.filter((message) => message.text.includes(code));

  it('tells staff about a coin order once it is placed, in plain text, without the game password', async () => {
    const before = telegram.messages.length;
    const { res, customer } = await placeOrderAndSettle(0);
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<Order>();

    expect(telegram.messages).toHaveLength(before + 1);
    const [message] = messagesAbout(order.code);
    expect(message!.text).toBe(
      `🟡 Đơn coin mới ${order.code} — Liên Quân — 2 sản phẩm — 300 coin — khách Trần Thị Bình, hạn ${dueText(order.due_at)}`,
    );
    expect(message!.chat_id).toBe(telegram.chatId);
    expect(message!.body).toMatchObject({ disable_web_page_preview: true });
    expect(message!.body).not.toHaveProperty('parse_mode');
    expect(message!.text).not.toContain('M@tKhau');
    expect(message!.text).not.toContain(customer.email);
  });

  it('does not alert a bank order when it is placed (it needs staff only once paid)', async () => {
    const before = telegram.messages.length;
    const { res } = await placeOrderAndSettle(1);
    expect(res.statusCode, res.body).toBe(200);
    expect(telegram.messages).toHaveLength(before);
  });

  it('tells staff when an admin confirms a bank order paid', async () => {
    const { res } = await placeOrderAndSettle(1);
    const order = res.json<Order>();
    const paid = nextEvent(t, orderEvent('paid', (event) => event.entityId === order.id));

    const patch = await t.request({
      method: 'PATCH',
      url: `/order/api/v1/admin/order/${order.id}`,
      token: adminToken,
      payload: { status: 1, received_vnd: 100_000 },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    await paid;
    await t.app.alerts.idle();

    const messages = messagesAbout(order.code);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toBe(
      `💰 Đã nhận tiền đơn ${order.code} 40.000 VNĐ — Liên Quân — 2 sản phẩm — khách Trần Thị Bình, hạn ${dueText(patch.json<Order>().due_at)}`,
    );
  });

  it('tells staff once when an order comes within the hour of its promise', async () => {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens, { name: 'Lê Văn Cường' });
    // Due long ago, so no order of the other tests is at risk at the pinned clock.
    const dueAt = new Date('2025-06-02T09:00:00Z');
    const order = await createOrder(t.app.ctx.db, {
      userId: customer.userId,
      platformId,
      platformName: 'Liên Quân',
      status: 1,
      payMethod: 1,
      lines: [{ storeId: itemId, priceVnd: 50_000, coinCost: 500, giftCoin: 25 }],
      createdAt: new Date(dueAt.getTime() - 5 * 60 * MINUTE),
      paidAt: new Date(dueAt.getTime() - 5 * 60 * MINUTE),
      dueAt,
    });
    const now = new Date(dueAt.getTime() - 40 * MINUTE);
    const atRisk = nextEvent(t, orderEvent('at_risk', (event) => event.entityId === order.id));

    expect(await announceAtRiskOrders(t.app.ctx, now)).toBe(1);
    await atRisk;
    await t.app.alerts.idle();
    expect(messagesAbout(order.code).map((message) => message.text)).toEqual([
      `⚠️ Đơn ${order.code} sắp trễ hạn 16:00 02/06 — Đang xử lý — Liên Quân — 50.000 VNĐ — khách Lê Văn Cường`,
    ]);

    // The next tick of the job finds it already announced: no second message.
    expect(await announceAtRiskOrders(t.app.ctx, new Date(now.getTime() + MINUTE))).toBe(0);
    await t.app.alerts.idle();
    expect(messagesAbout(order.code)).toHaveLength(1);
  });

  it('tells staff about a transfer that matched no order, quoting its memo and why', async () => {
    const before = telegram.messages.length;
    const received = nextEvent(t, (event) => event.kind === 'transfer' && event.cause === 'received');
    const res = await deliver(t.app, 'sepay', {
      txId: newTxId(),
      amountVnd: 50_000,
      memo: 'chuyen tien an trua',
      at: new Date('2026-03-10T02:15:00Z'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await received;
    await t.app.alerts.idle();

    expect(telegram.messages.slice(before).map((message) => message.text)).toEqual([
      '❓ Giao dịch chưa khớp 50.000 VNĐ — nội dung "chuyen tien an trua" — lý do: Nội dung không có mã đơn — lúc 09:15 10/03',
    ]);
  });

  it('tells staff about a signed notification the shop could not read, naming the field', async () => {
    const before = telegram.messages.length;
    const received = nextEvent(t, (event) => event.kind === 'transfer' && event.cause === 'received');
    const body = JSON.parse(notificationOf('sepay', { txId: newTxId(), amountVnd: 70_000, memo: 'x' }).raw);
    delete body.transferType;
    const raw = JSON.stringify(body);
    const res = await post(t.app, 'sepay', raw, signatureOf('sepay', { body, raw }));
    expect(res.statusCode, res.body).toBe(200);
    await received;
    await t.app.alerts.idle();
    const texts = telegram.messages.slice(before).map((message) => message.text);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('⚠️ Thông báo giao dịch 70.000 VNĐ từ SePay không đọc được (trường lỗi: transferType)');
  });

  it('tells staff once when a transfer pays a bank order: the order is paid, the transfer needs nobody', async () => {
    const { res } = await placeOrderAndSettle(1);
    const order = res.json<Order>();
    const before = telegram.messages.length;
    const paid = nextEvent(t, orderEvent('paid', (event) => event.entityId === order.id));
    const received = nextEvent(t, (event) => event.kind === 'transfer' && event.cause === 'received');

    const webhook = await deliver(t.app, 'sepay', { txId: newTxId(), amountVnd: 40_000, memo: `thanh toan ${order.code}` });
    expect(webhook.statusCode, webhook.body).toBe(200);
    await Promise.all([paid, received]);
    await t.app.alerts.idle();

    expect(telegram.messages.slice(before).map((message) => message.text)).toEqual([
      expect.stringMatching(new RegExp(`^💰 Đã nhận tiền đơn ${order.code} 40\\.000 VNĐ — Liên Quân`)),
    ]);
  });

  it('leaves a change announced by another instance to that instance', async () => {
    const { res, customer } = await placeOrderAndSettle(0);
    const order = res.json<Order>();
    const before = telegram.messages.length;
    // A second API instance on the same database: its hub publishes under its own origin.
    const other = createEventHub(
      {
        db: t.app.ctx.db,
        listen: async () => async () => {},
        // Through the database, as another process's notification reaches this one.
        notify: async (channel, payload) => void (await t.app.ctx.db.execute(sql`select pg_notify(${channel}, ${payload})`)),
      },
      t.app.log,
    );
    const heard = nextEvent(t, (event) => event.origin === other.origin);

    await t.app.ctx.db.transaction((tx) =>
      other.publish(tx, { kind: 'order', entityId: order.id, userId: customer.userId, cause: 'at_risk' }),
    );
    await heard;
    await t.app.alerts.idle();
    expect(telegram.messages).toHaveLength(before);
  });

  /** Places an order and waits until its 'placed' event has been handled by the alerts. */
  async function placeOrderAndSettle(payMethod: 0 | 1) {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens, { name: 'Trần Thị Bình' });
    await grantCoins(t.app.ctx.db, customer.userId, 1_000);
    const placed = nextEvent(t, orderEvent('placed', (event) => event.userId === customer.userId));
    const res = await t.request({
      method: 'POST',
      url: ORDER_URL,
      token: customer.token,
      payload: orderBody(itemId, payMethod),
    });
    if (res.statusCode === 200) await placed;
    await t.app.alerts.idle();
    return { res, customer };
  }
});

describe('staff alerts when Telegram fails', () => {
  let telegram: TelegramStandIn;
  /** Telegram is not configured in this app: its own alerts send nothing; each test starts its own. */
  let t: TestApp;
  let itemId: number;
  const logLines: string[] = [];
  const sleeps: number[] = [];
  const instantSleep: AlertOptions['sleep'] = async (ms) => {
    sleeps.push(ms);
  };

  beforeAll(async () => {
    telegram = await startTelegramStandIn();
    t = await createTestApp({ TELEGRAM_API_URL: telegram.env.TELEGRAM_API_URL, TELEGRAM_CHAT_ID: telegram.chatId });
    itemId = (await shop(t)).item.id;
  });
  afterAll(async () => {
    await t?.close();
    await telegram?.close();
  });

  /** Alerts of this app sent to the stand-in, logging to `logLines`, waiting through `sleep`. */
  function alertsTo(target: { apiUrl?: string; botToken?: string }, options: AlertOptions = { sleep: instantSleep }) {
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const telegramConfig = {
      apiUrl: target.apiUrl ?? telegram.env.TELEGRAM_API_URL!,
      botToken: target.botToken ?? telegram.botToken,
      chatId: telegram.chatId,
    };
    return startAlerts({ ...t.app.ctx, log, config: { ...t.app.ctx.config, telegram: telegramConfig } }, options);
  }

  /** Places a coin order; resolves once its 'placed' event reached the alerts. */
  async function placeCoinOrder() {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens, { name: 'Phạm Minh Đức' });
    await grantCoins(t.app.ctx.db, customer.userId, 1_000);
    const placed = nextEvent(t, orderEvent('placed', (event) => event.userId === customer.userId));
    const res = await t.request({ method: 'POST', url: ORDER_URL, token: customer.token, payload: orderBody(itemId, 0) });
    expect(res.statusCode, res.body).toBe(200);
    await placed;
    return res.json<Order>();
  }

  const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const reset = () => {
    logLines.length = 0;
    sleeps.length = 0;
    telegram.failNext(0);
  };

  it('sends nothing when the settings are incomplete (no bot token)', async () => {
    expect(t.config.telegram).toBeNull();
    const callsBefore = telegram.calls;
    await placeCoinOrder();
    await t.app.alerts.idle();
    expect(telegram.calls).toBe(callsBefore);
  });

  it('retries a 500 with backoff: the message arrives once, the order was answered 200', async () => {
    reset();
    const alerts = alertsTo({});
    telegram.failNext(2, { status: 500 });
    const callsBefore = telegram.calls;
    const order = await placeCoinOrder();
    await alerts.idle();
    await alerts.stop();

    expect(telegram.messages.filter((message) => message.text.includes(order.code))).toHaveLength(1);
    expect(telegram.calls - callsBefore).toBe(3);
    expect(sleeps).toEqual([1_000, 2_000]);
    expect(logged().filter((line) => line.msg === 'telegram alert failed, retrying')).toHaveLength(2);
    expect(logged().filter((line) => line.level === 50)).toEqual([]);
  });

  it('waits at least the retry_after Telegram asks for on 429', async () => {
    reset();
    const alerts = alertsTo({});
    telegram.failNext(1, { status: 429, retryAfter: 7 });
    const order = await placeCoinOrder();
    await alerts.idle();
    await alerts.stop();

    expect(sleeps).toEqual([7_000]);
    expect(telegram.messages.filter((message) => message.text.includes(order.code))).toHaveLength(1);
  });

  it('gives up after 5 attempts when Telegram stays down: the order stands, the failure is logged without the token', async () => {
    reset();
    const alerts = alertsTo({});
    telegram.failNext(Infinity, { status: 500 });
    const callsBefore = telegram.calls;
    const order = await placeCoinOrder();
    await alerts.idle();
    await alerts.stop();

    expect(telegram.calls - callsBefore).toBe(5);
    expect(telegram.messages.filter((message) => message.text.includes(order.code))).toEqual([]);
    const failures = logged().filter((line) => line.msg === 'telegram alert not sent');
    expect(failures).toEqual([
      expect.objectContaining({ level: 50, reason: 'HTTP 500: Internal Server Error', attempts: 5, cause: 'placed', module: 'alerts' }),
    ]);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(telegram.botToken);
  });

  it('does not retry a refusal (401 for a wrong token), and logs no token', async () => {
    reset();
    const wrongToken = '7000000001:AAWrongTokenThatMustNotBeLogged_987';
    const alerts = alertsTo({ botToken: wrongToken });
    const callsBefore = telegram.calls;
    await placeCoinOrder();
    await alerts.idle();
    await alerts.stop();

    expect(sleeps).toEqual([]);
    expect(logged().filter((line) => line.msg === 'telegram alert not sent')).toEqual([
      expect.objectContaining({ reason: 'HTTP 401: Unauthorized', attempts: 1 }),
    ]);
    expect(telegram.calls).toBe(callsBefore); // the stand-in counts only calls with its own token
    for (const line of logLines) expect(line).not.toContain(wrongToken);
  });

  it('retries when Telegram cannot be reached, and logs the reason without the address', async () => {
    reset();
    const closed = await startTelegramStandIn();
    const apiUrl = closed.env.TELEGRAM_API_URL!;
    await closed.close();
    const alerts = alertsTo({ apiUrl });
    await placeCoinOrder();
    await alerts.idle();
    await alerts.stop();

    expect(sleeps).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(logged().filter((line) => line.msg === 'telegram alert not sent')).toEqual([
      expect.objectContaining({ reason: 'network error (ECONNREFUSED)', attempts: 5 }),
    ]);
    for (const line of logLines) {
      expect(line).not.toContain(telegram.botToken);
      expect(line).not.toContain(apiUrl);
    }
  });

  it('stops retrying at shutdown: stop() returns while Telegram is still down', async () => {
    reset();
    let waiting = 0;
    // A backoff that lasts until shutdown cuts it short.
    const untilAborted: AlertOptions['sleep'] = (_ms, signal) =>
      new Promise((resolve) => {
        waiting += 1;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    const alerts = alertsTo({}, { sleep: untilAborted });
    telegram.failNext(Infinity, { status: 500 });
    const callsBefore = telegram.calls;
    await placeCoinOrder();
    await vi.waitFor(() => expect(waiting).toBe(1));

    await alerts.stop();
    expect(telegram.calls - callsBefore).toBe(1);
    expect(logged().filter((line) => line.msg === 'telegram alert not sent')).toEqual([
      expect.objectContaining({ reason: 'HTTP 500: Internal Server Error; shutting down', attempts: 1 }),
    ]);
  });
});

function orderBody(itemId: number, payMethod: 0 | 1) {
  return {
    order_bank_name: 'Trần Thị Bình',
    order_contact: 'zalo 0901234567',
    order_account: 'binh.tran@gmail.com',
    order_pass: 'M@tKhau-Game 123',
    order_server: 'Asia',
    order_uid: '',
    order_comment: '',
    order_pay_method: payMethod,
    order_items: [{ id: itemId, quantity: 2 }],
  };
}

/** The due time as staff read it: HH:mm dd/MM in Ho Chi Minh City (UTC+7, no DST). */
function dueText(iso: string): string {
  const local = new Date(new Date(iso).getTime() + 7 * 60 * MINUTE);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCHours())}:${two(local.getUTCMinutes())} ${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}`;
}
