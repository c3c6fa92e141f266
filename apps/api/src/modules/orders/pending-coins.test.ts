/**
 * Pending coins are spelled twice: in TypeScript (`pendingCoinsOf`, conditions.ts, which the balance and the console
 * read) and inside `place_order()` (migration 0006, the placement's one round trip). This test holds the two to one
 * meaning: over orders of every payment method and status, the coins the API calls pending are exactly those
 * placement keeps back — an order needing all the rest is placed, one coin more is refused.
 */
import { describe, expect, it } from 'vitest';
import { createCustomer, createOrder, createPlatform, createStoreItem, grantCoins, uidOrderRequest } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { pendingCoins } from '../coins/service.js';

const t = useTestApp();

async function customerWithOrders() {
  const db = t.app.ctx.db;
  const platform = await createPlatform(db, { name: 'Liên Quân Coin' });
  const item = await createStoreItem(db, platform.id, { coinCost: 1 });
  const customer = await createCustomer(db, t.app.ctx.tokens);
  await grantCoins(db, customer.userId, 10_000);
  // One order per (method, status), each with its own power of two, so the sum names exactly which count.
  let coins = 1;
  for (const payMethod of [0, 1]) {
    for (const status of [0, 1, 2, 3]) {
      await createOrder(db, { userId: customer.userId, platformId: platform.id, status, payMethod, lines: [{ storeId: item.id, priceVnd: 1_000, coinCost: coins, giftCoin: 0 }] });
      coins *= 2;
    }
  }
  return { platform, customer };
}

function coinOrder(token: string, itemId: number) {
  return t.request({ method: 'POST', url: '/order/api/v1/order', token, payload: uidOrderRequest(0, itemId) });
}

describe('pending coins, in TypeScript and in place_order()', () => {
  it('keep back the same coins: the open coin orders (statuses 0 and 1) and nothing else', async () => {
    const { platform, customer } = await customerWithOrders();
    const pending = await pendingCoins(t.app.ctx.db, customer.userId);
    expect(pending).toBe(1 + 2); // the coin orders in status 0 and 1
    const free = 10_000 - pending;

    const tooMuch = await createStoreItem(t.app.ctx.db, platform.id, { coinCost: free + 1, priceVnd: 1_000 });
    t.app.ctx.catalogue.invalidate();
    const refused = await coinOrder(customer.token, tooMuch.id);
    expect(refused.statusCode, refused.body).toBe(409);

    const exact = await createStoreItem(t.app.ctx.db, platform.id, { coinCost: free, priceVnd: 1_000 });
    t.app.ctx.catalogue.invalidate();
    const placed = await coinOrder(customer.token, exact.id);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await pendingCoins(t.app.ctx.db, customer.userId)).toBe(10_000);
  });
});
