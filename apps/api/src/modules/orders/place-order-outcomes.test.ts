/**
 * place_order()'s answers when its insert is refused (migration 0016): the order is written first, and only a
 * refused insert, or coins that fall short, asks whether the customer's Idempotency-Key was used before. A taken
 * code is 'code_taken' (the service draws another), a used key is 'replay' whatever code was drawn for the retry,
 * and neither writes anything.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { grantCoins } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import * as repo from './repository.js';
import { customerAndItem as placingCustomer, newCode, placementWrite } from './test-support.js';

const t = useTestApp();

const customerAndItem = () => placingCustomer(t.app.ctx.db, t.app.ctx.tokens);
const write = placementWrite;
const ordersOf = (userId: string) => t.app.ctx.db.select({ id: orders.id, code: orders.code }).from(orders).where(eq(orders.userId, userId));

describe('place_order() when its insert is refused', () => {
  it("answers 'code_taken' for a code another customer's order holds, and writes nothing", async () => {
    const other = await customerAndItem();
    const code = newCode();
    expect((await repo.placeOrder(t.app.ctx.db, write(other, { code, key: null }))).outcome).toBe('placed');

    const mine = await customerAndItem();
    expect(await repo.placeOrder(t.app.ctx.db, write(mine, { code, key: 'gio-hang-1' }))).toEqual({ outcome: 'code_taken' });
    expect(await ordersOf(mine.customer.userId)).toEqual([]);
  });

  it("answers 'replay' with the first order for a used key, with a fresh code or a taken one", async () => {
    const shop = await customerAndItem();
    const firstCode = newCode();
    expect((await repo.placeOrder(t.app.ctx.db, write(shop, { code: firstCode, key: 'gio-hang-2' }))).outcome).toBe('placed');
    const [first] = await ordersOf(shop.customer.userId);

    const replay = { outcome: 'replay', id: first!.id, request_hash: 'hash-1' };
    expect(await repo.placeOrder(t.app.ctx.db, write(shop, { code: newCode(), key: 'gio-hang-2' }))).toEqual(replay);
    expect(await repo.placeOrder(t.app.ctx.db, write(shop, { code: firstCode, key: 'gio-hang-2' }))).toEqual(replay);
    // Another body under the same key: the first order's fingerprint comes back for the service to refuse (409).
    expect(await repo.placeOrder(t.app.ctx.db, write(shop, { code: newCode(), key: 'gio-hang-2', requestHash: 'hash-2' }))).toEqual(replay);
    expect(await ordersOf(shop.customer.userId)).toEqual([{ id: first!.id, code: firstCode }]);
  });

  it("answers 'replay' for a coin order's retry that its own first placing left short of coins, and 'no_coins' for a new key", async () => {
    const shop = await customerAndItem();
    await grantCoins(t.app.ctx.db, shop.customer.userId, 200);
    expect((await repo.placeOrder(t.app.ctx.db, write(shop, { code: newCode(), key: 'xu-1', payMethod: 0 }))).outcome).toBe('placed');
    const [first] = await ordersOf(shop.customer.userId);

    expect(await repo.placeOrder(t.app.ctx.db, write(shop, { code: newCode(), key: 'xu-1', payMethod: 0 }))).toEqual({
      outcome: 'replay',
      id: first!.id,
      request_hash: 'hash-1',
    });
    expect(await repo.placeOrder(t.app.ctx.db, write(shop, { code: newCode(), key: 'xu-2', payMethod: 0 }))).toEqual({ outcome: 'no_coins' });
    expect(await repo.placeOrder(t.app.ctx.db, write(shop, { code: newCode(), key: null, payMethod: 0 }))).toEqual({ outcome: 'no_coins' });
    expect(await ordersOf(shop.customer.userId)).toHaveLength(1);
  });
});
