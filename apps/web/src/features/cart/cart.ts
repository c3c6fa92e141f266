/**
 * The cart (docs/product.md §4): one list of lines per platform, kept in localStorage under STORAGE_KEYS.cart so
 * it survives a reload. Lines copy the item as it was listed; the server prices the order itself.
 */
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, STORAGE_KEYS } from '@lucky/shared/constants';
import { storeItem, type StoreItem } from '@lucky/shared/guards';
import { API_MESSAGES } from '@lucky/shared/texts';

export interface CartLine {
  item: StoreItem;
  quantity: number;
}

export type CartAction =
  | { type: 'add'; item: StoreItem }
  | { type: 'increment'; itemId: number }
  | { type: 'decrement'; itemId: number }
  | { type: 'remove'; itemId: number }
  | { type: 'clear' }
  /** The stored cart, read after a server-rendered page has hydrated (use-cart.ts). */
  | { type: 'restore'; lines: readonly CartLine[] }
  /** The platform's item list arrived: refresh the copied items, drop lines no longer sold. */
  | { type: 'sync'; items: readonly StoreItem[] };

/** Quantity changed by `delta`; a quantity of zero or less removes the line (docs/product.md §4). */
function changeQuantity(lines: readonly CartLine[], itemId: number, delta: number): CartLine[] {
  return lines.flatMap((line) => {
    if (line.item.id !== itemId) return [line];
    const quantity = Math.min(line.quantity + delta, MAX_LINE_QUANTITY);
    return quantity <= 0 ? [] : [{ ...line, quantity }];
  });
}

/**
 * The cart's limits, in one place: why adding one more of the item is refused (the API's own message:
 * MAX_LINE_QUANTITY of one item, MAX_ORDER_LINES different items), or null when it fits.
 */
export function addRefusal(lines: readonly CartLine[], itemId: number): string | null {
  const line = lines.find((entry) => entry.item.id === itemId);
  if (line) return line.quantity >= MAX_LINE_QUANTITY ? API_MESSAGES.invalidQuantity : null;
  return lines.length >= MAX_ORDER_LINES ? API_MESSAGES.tooManyLines : null;
}

export function cartReducer(lines: readonly CartLine[], action: CartAction): CartLine[] {
  switch (action.type) {
    case 'add': {
      if (addRefusal(lines, action.item.id)) return [...lines];
      if (lines.some((line) => line.item.id === action.item.id)) return changeQuantity(lines, action.item.id, 1);
      return [...lines, { item: action.item, quantity: 1 }];
    }
    case 'increment':
      return changeQuantity(lines, action.itemId, 1);
    case 'decrement':
      return changeQuantity(lines, action.itemId, -1);
    case 'remove':
      return lines.filter((line) => line.item.id !== action.itemId);
    case 'clear':
      return [];
    case 'restore':
      return [...action.lines];
    case 'sync': {
      const byId = new Map(action.items.map((item) => [item.id, item]));
      const next = lines.flatMap((line) => {
        const item = byId.get(line.item.id);
        return item && item.is_active ? [{ ...line, item }] : [];
      });
      // Same content: keep the old array so nothing re-renders or re-saves.
      const unchanged =
        next.length === lines.length && next.every((line, index) => sameItem(line.item, lines[index]!.item));
      return unchanged ? (lines as CartLine[]) : next;
    }
  }
}

function sameItem(a: StoreItem, b: StoreItem): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A line the cart will take from storage: a valid item and a whole quantity within the limits. */
function readLine(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const { item, quantity } = value as Record<string, unknown>;
  const parsed = storeItem.safeParse(item);
  if (!parsed.success || typeof quantity !== 'number' || !Number.isInteger(quantity)) return null;
  if (quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
  return { item: parsed.data, quantity };
}

type StoredCarts = Record<string, unknown>;

function readAll(): StoredCarts {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as StoredCarts) : {};
  } catch {
    return {};
  }
}

/** The stored cart of one platform; anything unreadable is left out. */
export function loadCart(platformId: number): CartLine[] {
  const stored = readAll()[String(platformId)];
  if (!Array.isArray(stored)) return [];
  return stored.map(readLine).filter((line): line is CartLine => line !== null);
}

export function saveCart(platformId: number, lines: readonly CartLine[]): void {
  const all = readAll();
  if (lines.length === 0) delete all[String(platformId)];
  else all[String(platformId)] = lines;
  try {
    if (Object.keys(all).length === 0) window.localStorage.removeItem(STORAGE_KEYS.cart);
    else window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
}

/** The order request's items: id and quantity only (docs/product.md §7). */
export function orderItems(lines: readonly CartLine[]): { id: number; quantity: number }[] {
  return lines.map((line) => ({ id: line.item.id, quantity: line.quantity }));
}

/** The lines as priced lines for computeTotals. */
export function pricedLines(lines: readonly CartLine[]) {
  return lines.map(({ item, quantity }) => ({
    price: item.price,
    coin: item.coin,
    gift_coin: item.gift_coin,
    quantity,
  }));
}
