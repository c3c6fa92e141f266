import { describe, expect, it } from 'vitest';
import { computeTotals, PAY_METHOD, type StoreItem } from '@lucky/shared';
import { cartReducer, loadCart, orderItems, pricedLines, saveCart, type CartLine } from './cart';

const item = (id: number, overrides: Partial<StoreItem> = {}): StoreItem => ({
  id,
  platform_id: 7,
  name: `Gói ${id}`,
  description: '',
  picture: null,
  price: 10_000 * id,
  raw_price: 12_000 * id,
  coin: 100 * id,
  gift_coin: 5 * id,
  is_active: true,
  ...overrides,
});

const quantities = (lines: CartLine[]) => lines.map((line) => [line.item.id, line.quantity]);

describe('cart reducer (docs/product.md §4)', () => {
  it('adds a new item with quantity 1 and raises an item already there by 1', () => {
    let lines = cartReducer([], { type: 'add', item: item(1) });
    lines = cartReducer(lines, { type: 'add', item: item(2) });
    lines = cartReducer(lines, { type: 'add', item: item(1) });
    expect(quantities(lines)).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('changes a quantity by 1 with plus and minus, and removes the line at zero', () => {
    let lines = cartReducer([], { type: 'add', item: item(1) });
    lines = cartReducer(lines, { type: 'increment', itemId: 1 });
    expect(quantities(lines)).toEqual([[1, 2]]);
    lines = cartReducer(lines, { type: 'decrement', itemId: 1 });
    expect(quantities(lines)).toEqual([[1, 1]]);
    lines = cartReducer(lines, { type: 'decrement', itemId: 1 });
    expect(lines).toEqual([]);
  });

  it('removes one line and clears them all', () => {
    const lines = [item(1), item(2), item(3)].reduce((acc, each) => cartReducer(acc, { type: 'add', item: each }), [] as CartLine[]);
    expect(quantities(cartReducer(lines, { type: 'remove', itemId: 2 }))).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(cartReducer(lines, { type: 'clear' })).toEqual([]);
  });

  it('stops a line at 100 (the API limit)', () => {
    const lines = cartReducer([{ item: item(1), quantity: 100 }], { type: 'increment', itemId: 1 });
    expect(quantities(lines)).toEqual([[1, 100]]);
  });

  it('takes fresh item data from the list and drops items no longer sold', () => {
    const lines: CartLine[] = [
      { item: item(1), quantity: 2 },
      { item: item(2), quantity: 1 },
    ];
    const synced = cartReducer(lines, { type: 'sync', items: [item(1, { price: 9_000 })] });
    expect(synced).toEqual([{ item: item(1, { price: 9_000 }), quantity: 2 }]);
  });
});

describe('cart totals (docs/product.md §9)', () => {
  const lines: CartLine[] = [
    { item: item(1), quantity: 2 },
    { item: item(3), quantity: 1 },
  ];

  it('sums price, coin and gift coin times quantity when paying by bank transfer', () => {
    expect(computeTotals(pricedLines(lines), PAY_METHOD.BANK)).toEqual({ priceVnd: 50_000, coin: 500, giftCoin: 25 });
  });

  it('gifts no coins when paying by coins', () => {
    expect(computeTotals(pricedLines(lines), PAY_METHOD.COIN)).toEqual({ priceVnd: 50_000, coin: 500, giftCoin: 0 });
  });

  it('sends only ids and quantities', () => {
    expect(orderItems(lines)).toEqual([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 1 },
    ]);
  });
});

describe('cart storage', () => {
  it('keeps each platform its own cart across a reload', () => {
    saveCart(7, [{ item: item(1), quantity: 3 }]);
    saveCart(8, [{ item: item(2, { platform_id: 8 }), quantity: 1 }]);
    expect(quantities(loadCart(7))).toEqual([[1, 3]]);
    expect(quantities(loadCart(8))).toEqual([[2, 1]]);
    expect(loadCart(9)).toEqual([]);
  });

  it('forgets a cleared cart', () => {
    saveCart(7, [{ item: item(1), quantity: 3 }]);
    saveCart(7, []);
    expect(loadCart(7)).toEqual([]);
    expect(window.localStorage.getItem('cart')).toBeNull();
  });

  it('ignores stored data it cannot read', () => {
    window.localStorage.setItem('cart', '{"7": [{"item": {"id": "x"}, "quantity": 1}, {"item": null}], "8": 5');
    expect(loadCart(7)).toEqual([]);
    window.localStorage.setItem('cart', JSON.stringify({ 7: [{ item: item(1), quantity: 1.5 }, { item: item(2), quantity: 2 }] }));
    expect(quantities(loadCart(7))).toEqual([[2, 2]]);
  });
});
