/**
 * The stream flood (routes.ts, on PGlite's single connection, where every query of every stream waits in one
 * queue with checkout's): a customer with 500 unpaid orders reopens the live stream 1,000 times with
 * `Last-Event-ID: 0`, ten at a time (the most one customer may hold), while another customer places orders.
 * Rate limits are off here (as in every API test): the replay cap alone must keep the flood cheap.
 */
import { describe, expect, it } from 'vitest';
import { LIVE_RELOAD_EVENT } from '@lucky/shared';
import { events } from '../../db/schema.js';
import { createCustomer } from '../../test/fixtures.js';
import { openStream } from '../../test/event-stream.js';
import { TEST_API_KEY } from '../../test/harness.js';
import { useListeningShop, useTestApp } from '../../test/suite.js';

const CUSTOMER_EVENTS = '/order/api/v1/order/events';
const OPENS = 1_000;
const AT_ONCE = 10;
/**
 * The p99 an order may take while the flood runs. Placement's budget is a p99 of 100 ms under load (README "Speed
 * and size", on PostgreSQL with 50 customers ordering at once); here it shares one PGlite connection with ten
 * streams reopening without pause, on a shared two-core test machine. Measured here while the flood ran
 * (994 orders, median 6 ms, slowest 140 ms). Replaying the history instead (500 orders read back an
 * open) kept orders waiting 0.8–5.8 s behind only 20 opens.
 */
const ORDER_BOUND_MS = 500;

const t = useTestApp();
const shop = useListeningShop(t);

describe('1,000 stream opens with Last-Event-ID: 0', () => {
  it('leave checkout working: the orders placed during the flood answer within their bound (p99)', async () => {
    // The flooder: 500 unpaid bank orders, two events each (placed, moved) — 1,000 events of their own.
    const flooder = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) {
      const order = await shop.order(flooder.userId);
      ids.push(order.id);
    }
    await t.app.ctx.db
      .insert(events)
      .values(
        ids.flatMap((id) =>
          ['placed', 'status'].map((cause) => ({ kind: 'order', entityId: id, userId: flooder.userId, cause })),
        ),
      );

    let opened = 0;
    let reloads = 0;
    const flood = async () => {
      while (opened < OPENS) {
        opened += 1;
        const stream = await openStream(shop.base + CUSTOMER_EVENTS, {
          'x-api-key': TEST_API_KEY,
          authorization: flooder.token,
          'last-event-id': '0',
        });
        // A slot the previous stream held may not be released yet (the server hears the close a moment later):
        // that open is refused with 429, as a real client reopening too fast would be.
        expect([200, 429]).toContain(stream.status);
        if (stream.status === 200) {
          await stream.next((message) => message.event === LIVE_RELOAD_EVENT);
          reloads += 1;
        }
        stream.close();
      }
    };

    const buyer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const latencies: number[] = [];
    const checkout = async () => {
      while (opened < OPENS) {
        const started = performance.now();
        const res = await t.request({
          method: 'POST',
          url: '/order/api/v1/order',
          token: buyer.token,
          payload: {
            order_items: [{ id: shop.itemId, quantity: 1 }],
            order_pay_method: 1,
            order_bank_name: 'Khách Mua Hàng',
            order_server: 'Asia',
            order_uid: '123456789',
          },
        });
        latencies.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
    };

    await Promise.all([...Array.from({ length: AT_ONCE }, flood), checkout()]);
    // Nearly every open was served, each with one 'reload' instead of the 1,000 events missed.
    expect(reloads).toBeGreaterThan(OPENS * 0.9);
    expect(latencies.length).toBeGreaterThan(10);
    // Placement's own measure: the p99 of the orders (README "Speed and size").
    const sorted = [...latencies].sort((x, y) => x - y);
    const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
    expect(p99, `orders took ${sorted.map(Math.round).join(', ')} ms`).toBeLessThan(ORDER_BOUND_MS);
  });
});
