/**
 * Placing an order (docs/product.md §5, §7; docs/architecture.md "The order's journey").
 * Prices, coins and gift coins always come from the catalogue, never from the client, and are copied
 * onto the order lines so later catalogue edits never change a placed order.
 */
import crypto from 'node:crypto';
import {
  API_MESSAGES,
  EVENT_CAUSES,
  EVENT_KINDS,
  MAX_LINE_QUANTITY,
  ORDER_STATUS,
  PAY_METHOD,
  buildVietQrPayload,
  coinPaymentProblem,
  computeTotals,
  orderProblem,
  type Order,
  type OrderRequest,
  type Totals,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, conflict, unauthenticated } from '../../lib/app-error.js';
import type { OrderableItem } from '../catalog/service.js';
import { notEnoughCoins } from '../coins/service.js';
import { dueAtFor } from './due-at.js';
import { newOrderCode } from './order-code.js';
import { getOrder, linesOfOrder, toOrder } from './reads.js';
import * as repo from './repository.js';

/** A validated, priced cart: everything needed to write the order except its code. */
interface Draft {
  platformId: number;
  platformName: string;
  needLogin: boolean;
  lines: repo.PlacedLine[];
  totals: Totals;
}

export interface PlaceOrderOptions {
  /** The client's Idempotency-Key header, if any. */
  idempotencyKey: string | null;
  /** When the order is placed (tests pin it); defaults to now. */
  now?: Date;
}

/** Merges repeated ids (quantities add up) keeping the cart's first-seen order. */
function mergeCart(items: OrderRequest['order_items']): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const { id, quantity } of items) quantities.set(id, (quantities.get(id) ?? 0) + quantity);
  for (const quantity of quantities.values()) {
    if (quantity > MAX_LINE_QUANTITY) throw badRequest(API_MESSAGES.invalidQuantity);
  }
  return quantities;
}

/**
 * Checks the request against docs/product.md §5 and the catalogue, and prices it from the catalogue the process
 * holds in memory: the active items of active platforms, dropped on every change on every instance
 * (modules/catalog/cache.ts, decision 0017).
 */
async function draftOrder(ctx: AppContext, input: OrderRequest): Promise<Draft> {
  // docs/product.md §5, the rule the web form runs too: name and server, then the cart; the platform's own fields
  // once its items say which platform it is. Missing fields are named, so the form can mark them.
  const early = orderProblem(input, null, input.order_items.length);
  if (early) throw badRequest(early.message, early.fields);

  const quantities = mergeCart(input.order_items);
  const { orderable } = await ctx.catalogue.current();
  const items: OrderableItem[] = [];
  for (const id of quantities.keys()) {
    const item = orderable.get(id);
    if (!item) throw badRequest(API_MESSAGES.itemsUnavailable);
    items.push(item);
  }
  if (new Set(items.map((item) => item.platformId)).size > 1) throw badRequest(API_MESSAGES.itemsMixedPlatforms);
  const platform = items[0]!;

  const missing = orderProblem(input, platform.needLogin, input.order_items.length);
  if (missing) throw badRequest(missing.message, missing.fields);
  // An item whose coin price is 0 cannot be paid with coins: nothing would be at stake, yet a late order
  // would earn compensation (docs/decisions/0022-promise-lead-time.md). The web form runs the same rule.
  const notPayable = coinPaymentProblem(
    input.order_pay_method,
    items.map((item) => ({ name: item.name, coin: item.coinCost })),
  );
  if (notPayable) throw badRequest(notPayable);

  const lines = items.map(
    (item, position): repo.PlacedLine => ({
      position,
      storeId: item.id,
      name: item.name,
      priceVnd: item.priceVnd,
      coinCost: item.coinCost,
      giftCoin: item.giftCoin,
      quantity: quantities.get(item.id)!,
    }),
  );
  const totals = computeTotals(
    lines.map((line) => ({ price: line.priceVnd, coin: line.coinCost, gift_coin: line.giftCoin, quantity: line.quantity })),
    input.order_pay_method,
  );
  return { platformId: platform.platformId, platformName: platform.platformName, needLogin: platform.needLogin, lines, totals };
}

/**
 * Fingerprint of a request for idempotent retries. Keyed with the server secret: the body holds the
 * game password, and a plain hash stored beside the other (plaintext) fields could be brute-forced.
 */
function requestFingerprint(ctx: AppContext, input: OrderRequest): string {
  // The parsed body has a fixed key order (the schema's), so equal requests serialise equally.
  return crypto.createHmac('sha256', `lucky-idempotency:${ctx.config.secretKey}`).update(JSON.stringify(input)).digest('base64url');
}

/** The order first placed with this key, if any; the same key with another body is a conflict. */
async function replayedOrder(db: Db, userId: string, key: string, fingerprint: string): Promise<Order | null> {
  const found = await repo.findByIdempotencyKey(db, userId, key);
  if (!found) return null;
  if (found.requestHash !== fingerprint) throw conflict(API_MESSAGES.idempotencyConflict);
  return toOrder(found.order, await linesOfOrder(db, found.order.id));
}

/**
 * POST /order/api/v1/order. The API prices the order from the catalogue, draws its code and seals the
 * game password; the database writes it under the customer's row lock, in one round trip shared with the
 * orders placed at the same moment (ctx.placements: placement-batches.ts, decision 0031). For coin orders the
 * check and the reservation are one step there, so parallel orders queue and can never overspend; a retried
 * Idempotency-Key finds the first order under the same lock.
 */
export async function placeOrder(ctx: AppContext, userId: string, input: OrderRequest, options: PlaceOrderOptions): Promise<Order> {
  const key = options.idempotencyKey;
  const fingerprint = key ? requestFingerprint(ctx, input) : null;
  let draft: Draft;
  try {
    draft = await draftOrder(ctx, input);
  } catch (error) {
    // A retry of an order already placed gets that order, even if its items have left the catalogue since.
    if (key && fingerprint && error instanceof AppError) {
      const earlier = await replayedOrder(ctx.db, userId, key, fingerprint);
      if (earlier) return earlier;
    }
    throw error;
  }

  const placedAt = options.now ?? new Date();
  // Chosen here, not by the database: the game password is sealed bound to it (lib/secret-box.ts).
  const id = crypto.randomUUID();
  const values: Omit<repo.PlacedOrderValues, 'code' | 'payQrCode'> = {
    id,
    userId,
    platformId: draft.platformId,
    platformName: draft.platformName,
    status: ORDER_STATUS.PENDING,
    payMethod: input.order_pay_method,
    totalPriceVnd: draft.totals.priceVnd,
    totalCoin: draft.totals.coin,
    totalGiftCoin: draft.totals.giftCoin,
    bankName: input.order_bank_name,
    contact: input.order_contact,
    account: input.order_account,
    // Only login platforms need the password; we keep no secret we do not need.
    passEncrypted: draft.needLogin ? ctx.secretBox.seal(input.order_pass, id) : null,
    server: input.order_server,
    uid: input.order_uid,
    comment: input.order_comment,
    idempotencyKey: key,
    requestHash: fingerprint,
    createdAt: placedAt,
    // A coin order's promise starts now; a bank order's is set again when it is paid.
    dueAt: dueAtFor(placedAt, ctx.config),
  };

  try {
    // A new code in the rare case the one drawn is taken.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newOrderCode();
      const payQrCode =
        values.payMethod === PAY_METHOD.BANK
          ? buildVietQrPayload({ bankBin: ctx.config.bank.bin, accountNumber: ctx.config.bank.accountNumber, amountVnd: values.totalPriceVnd, memo: code })
          : '';
      const order: repo.PlacedOrderValues = { ...values, code, payQrCode };
      const placed = await ctx.placements.place({
        order,
        lines: draft.lines,
        coinsNeeded: values.payMethod === PAY_METHOD.COIN ? values.totalCoin : 0,
        audit: {
          action: 'order.create',
          after: { status: values.status, code, pay_method: values.payMethod, total_price: values.totalPriceVnd, total_coin: values.totalCoin },
        },
        event: { kind: EVENT_KINDS.ORDER, cause: EVENT_CAUSES.PLACED, origin: ctx.events.origin },
      });
      switch (placed.outcome) {
        case 'placed': {
          // The customer's view is built from what was written, not read back; their streams get it too.
          const placedOrder = toOrder({ ...order, resultComment: '', resultPicture: [] }, draft.lines);
          ctx.events.announce({ id: placed.event_id, kind: EVENT_KINDS.ORDER, entityId: order.id, userId, cause: EVENT_CAUSES.PLACED, order: placedOrder });
          return placedOrder;
        }
        case 'replay':
          if (placed.request_hash !== fingerprint) throw conflict(API_MESSAGES.idempotencyConflict);
          return await getOrder(ctx.db, userId, placed.id);
        case 'no_user':
          // A valid token for a user that no longer exists: a lost session.
          throw unauthenticated(API_MESSAGES.sessionExpired);
        case 'no_coins':
          throw notEnoughCoins();
        case 'code_taken':
          continue;
      }
    }
    throw new Error('could not draw an unused order code');
  } catch (error) {
    // Backstop for the unique (user, key) index should an insert ever bypass the lock: return the winner.
    if (key && fingerprint && repo.isUniqueViolation(error, 'orders_user_idempotency_key')) {
      const earlier = await replayedOrder(ctx.db, userId, key, fingerprint);
      if (earlier) return earlier;
    }
    throw error;
  }
}
