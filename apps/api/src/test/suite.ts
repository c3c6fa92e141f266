/**
 * One test app for a whole file or describe block: started in beforeAll, closed in afterAll. The object
 * returned stands for the app from the first hook on, so a file writes `const t = useTestApp()` instead of
 * a `let t`, a create and a close of its own. Hooks written after the call run once the app is up.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../config.js';
import { createOrder, createPlatform, createStoreItem } from './fixtures.js';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.js';

/** `overrides` may be a function, read when the app starts (for the env of stand-ins started by an earlier hook). */
export function useTestApp(overrides: Env | (() => Env) = {}, options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  const started = () => {
    if (!current) throw new Error('the test app is used before beforeAll started it, or after it closed');
    return current;
  };
  const close = async () => {
    const app = current;
    current = undefined;
    await app?.close();
  };
  beforeAll(async () => {
    current = await createTestApp(typeof overrides === 'function' ? overrides() : overrides, options);
  });
  afterAll(close);
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    request: (request) => started().request(request),
    signIn: (email) => started().signIn(email),
    close,
  };
}

/** One game (sold by UID) with one package in the catalogue of the app of `useTestApp`, created before the tests. */
export function useGameWithPackage(t: TestApp) {
  const game = { platformId: 0, itemId: 0 };
  beforeAll(async () => {
    game.platformId = (await createPlatform(t.app.ctx.db)).id;
    game.itemId = (await createStoreItem(t.app.ctx.db, game.platformId)).id;
  });
  return game;
}

/**
 * The app of `useTestApp` listening on a free port (for clients that need real HTTP, such as live streams), with
 * one game and one package in its catalog; `order` places an unpaid order of that package for a customer.
 */
export function useListeningShop(t: TestApp) {
  const shop = Object.assign(useGameWithPackage(t), { base: '' });
  beforeAll(async () => {
    shop.base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  const order = (userId: string) =>
    createOrder(t.app.ctx.db, {
      userId,
      platformId: shop.platformId,
      lines: [{ storeId: shop.itemId, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
    });
  return Object.assign(shop, { order });
}

/** Signs `email` in on the app of `useTestApp` before the tests: its access token and user id. */
export function useSignIn(t: TestApp, email: string) {
  const session = { token: '', id: '' };
  beforeAll(async () => {
    const signedIn = await t.signIn(email);
    session.token = signedIn.access_token;
    session.id = signedIn.userId;
  });
  return session;
}
