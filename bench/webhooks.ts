/**
 * SePay notifications as the bank feed sends them: JSON signed with the webhook secret (as the payments
 * tests sign them, apps/api/src/modules/payments/webhook-fixtures.ts), each paying one order by its code and
 * amount, `concurrency` at a time.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import {
  BANK_FEED_ENV,
  newTxId,
  notificationOf,
  sepaySignature,
  webhookUrl,
} from '../apps/api/src/modules/payments/webhook-fixtures.js';
import { percentile } from './stats.js';

/** The shop's env for SePay webhooks (the secret the notifications are signed with, the shop's account). */
export const SEPAY_ENV: Record<string, string> = {
  ALLOW_LOCAL_DEFAULTS: BANK_FEED_ENV.ALLOW_LOCAL_DEFAULTS,
  SEPAY_WEBHOOK_SECRET: BANK_FEED_ENV.SEPAY_WEBHOOK_SECRET,
  BANK_ACCOUNT_NUMBER: BANK_FEED_ENV.BANK_ACCOUNT_NUMBER,
};

/** Notifications sent at once, as a bank feed catching up delivers them. */
export const WEBHOOK_CONCURRENCY = 20;

export interface UnpaidOrder {
  id: string;
  code: string;
  totalVnd: number;
}

/**
 * Connections kept open between notifications, as a bank feed's sender keeps them: the figure is the shop's, so the
 * sender must cost as little as it can on the same machine (fetch cost about 1 ms of CPU a notification here,
 * node:http a third of that).
 */
const senders = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Sends one order's payment; resolves when the shop has answered (throws on anything but 2xx). */
export function payBySepay(base: string, order: UnpaidOrder): Promise<void> {
  const notification = notificationOf('sepay', {
    txId: newTxId(),
    amountVnd: order.totalVnd,
    memo: `${order.code} thanh toan`,
  });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${webhookUrl('sepay')}`,
      {
        method: 'POST',
        agent: senders,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(notification.raw),
          ...sepaySignature(notification.raw),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300
            ? resolve()
            : reject(new Error(`SePay webhook for ${order.code}: ${res.statusCode}`)),
        );
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(notification.raw);
  });
}

export interface BurstFigure {
  /** Notifications answered per second. */
  rps: number;
  p99: number;
  sent: number;
}

/**
 * Pays `orders` by SePay notifications, `concurrency` at a time, for at most `seconds` (or until every order
 * is paid); `onAnswered` is told each order's answer time (performance.now()).
 */
export async function webhookBurst(
  base: string,
  orders: UnpaidOrder[],
  options: { seconds?: number; concurrency?: number; onAnswered?: (order: UnpaidOrder, at: number) => void } = {},
): Promise<BurstFigure> {
  const queue = [...orders];
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = options.seconds === undefined ? Number.POSITIVE_INFINITY : started + options.seconds * 1000;
  const worker = async () => {
    for (let order = queue.shift(); order && performance.now() < deadline; order = queue.shift()) {
      const sentAt = performance.now();
      await payBySepay(base, order);
      const answeredAt = performance.now();
      latencies.push(answeredAt - sentAt);
      options.onAnswered?.(order, answeredAt);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? WEBHOOK_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    rps: Math.round(latencies.length / seconds),
    p99: Math.round(percentile(latencies, 99)),
    sent: latencies.length,
  };
}

/** Bank orders still waiting for their money, newest first (read from the shop's database). */
export async function unpaidOrders(databaseUrl: string, limit: number): Promise<UnpaidOrder[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; code: string; total: string }>(
      'select id, code, total_price_vnd as total from orders where status = 0 and pay_method = 1 order by created_at desc limit $1',
      [limit],
    );
    return rows.map((row) => ({ id: row.id, code: row.code, totalVnd: Number(row.total) }));
  } finally {
    await client.end();
  }
}
