/**
 * A customer's pages of orders kept in memory, on the embedded database only (docs/decisions/0030).
 *
 * PGlite is one process's own database (the data folder is locked to it, db/data-dir-lock.ts), and every query
 * waits its turn on the process's one thread: a page of orders costs it about ten times what the API spends
 * sending it. Every change to an order is announced to this process's event hub once it has committed (the
 * same announcement the customer's live stream shows, modules/events), so a page read once can be answered
 * from memory until the next announcement about its customer.
 *
 * A read that was under way while an announcement came is answered but not kept: it may have read the orders
 * before the change. Each customer has a generation; a read keeps its body only if the generation it started
 * with is still the customer's when it ends.
 */

export interface CustomerPages {
  /** The body kept for `key` of the customer, or `read()`'s, kept unless the customer's orders changed meanwhile. */
  page(userId: string, key: string, read: () => Promise<string>): Promise<string>;
  /** Forgets the customer's pages: an order of theirs changed. */
  forget(userId: string): void;
}

/** On PostgreSQL (several instances, each told of the others' changes a moment later): every page is read. */
export const readEveryPage: CustomerPages = {
  page: (_userId, _key, read) => read(),
  forget: () => {},
};

/**
 * Kept pages take at most this many bytes of text in all (a page of 10 orders is about 7 kB): the customers who
 * read most recently keep theirs.
 */
export const KEPT_PAGES_BYTES = 4 * 1024 * 1024;

/** Kept coin totals (`{"total":…}`, some 300 bytes with a customer's record): about 3,000 customers. */
export const KEPT_COIN_TOTALS_BYTES = 1024 * 1024;

/** What a customer's record costs besides its pages, counted in the bytes so that records of no page are dropped too. */
const RECORD_BYTES = 256;

interface Customer {
  /** Bumped by every announcement about the customer's orders. */
  generation: number;
  pages: Map<string, string>;
  bytes: number;
}

export function createCustomerPages(maxBytes = KEPT_PAGES_BYTES): CustomerPages {
  // In the order the customers last read (a Map iterates in insertion order): the first is the one to drop.
  const customers = new Map<string, Customer>();
  let bytes = 0;

  const add = (customer: Customer, size: number) => {
    customer.bytes += size;
    bytes += size;
    for (const [oldest, kept] of customers) {
      if (bytes <= maxBytes) break;
      bytes -= kept.bytes;
      customers.delete(oldest);
    }
  };

  return {
    async page(userId, key, read) {
      let customer = customers.get(userId);
      if (customer) {
        // Read most recently: to the end of the line.
        customers.delete(userId);
        customers.set(userId, customer);
        const kept = customer.pages.get(key);
        if (kept !== undefined) return kept;
      } else {
        customer = { generation: 0, pages: new Map(), bytes: 0 };
        customers.set(userId, customer);
        add(customer, RECORD_BYTES);
      }
      const generation = customer.generation;
      const body = await read();
      // Still the customer's record (not dropped meanwhile) and no change announced since the read began.
      // A string's characters take two bytes each at most.
      const size = body.length * 2;
      const current = customers.get(userId) === customer && customer.generation === generation;
      if (current && !customer.pages.has(key) && size <= maxBytes / 2) {
        customer.pages.set(key, body);
        add(customer, size);
      }
      return body;
    },
    forget(userId) {
      const customer = customers.get(userId);
      if (!customer) return;
      customer.generation += 1;
      bytes -= customer.bytes - RECORD_BYTES;
      customer.bytes = RECORD_BYTES;
      customer.pages.clear();
    },
  };
}
