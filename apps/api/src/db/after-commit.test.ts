/**
 * Work that waits for a commit (db/after-commit.ts): it runs once the change is visible to everyone, never for a
 * change rolled back, at once after a statement that commits on its own, and a savepoint cannot take it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit } from './after-commit.js';
import { users } from './schema.js';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const db = () => database.database.db;
const newUser = (email: string) => ({ email, name: 'Khách hàng', provider: 'test' });
const stored = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email))).length;

describe('work after a commit', () => {
  it('runs once the change is committed, and then sees it from outside the transaction', async () => {
    const email = 'sau-khi-ghi@lucky.test';
    const ran: string[] = [];
    let seen: Promise<number> | null = null;
    await db().transaction(async (tx) => {
      await tx.insert(users).values(newUser(email));
      afterCommit(tx, () => {
        ran.push('work');
        seen = stored(email);
      });
      ran.push('transaction body done');
    });
    ran.push('transaction answered');
    expect(ran).toEqual(['transaction body done', 'work', 'transaction answered']);
    expect(await seen).toBe(1);
  });

  it('never runs for a change rolled back', async () => {
    const ran: string[] = [];
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(users).values(newUser('bo-di@lucky.test'));
        afterCommit(tx, () => ran.push('work'));
        throw new Error('đổi ý');
      }),
    ).rejects.toThrow('đổi ý');
    expect(ran).toEqual([]);
    expect(await stored('bo-di@lucky.test')).toBe(0);
  });

  it('runs at once after a statement that commits on its own', async () => {
    await db().insert(users).values(newUser('tu-ghi@lucky.test'));
    const ran: string[] = [];
    afterCommit(db(), () => ran.push('work'));
    expect(ran).toEqual(['work']);
  });

  it('refuses a savepoint, which commits nothing by itself', async () => {
    await db().transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        expect(() => afterCommit(savepoint, () => {})).toThrow('afterCommit needs a top-level transaction');
      });
    });
  });

  it('keeps one follow-up that throws from failing the committed change or the others', async () => {
    const ran: string[] = [];
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    await db().transaction(async (tx) => {
      await tx.insert(users).values(newUser('loi-sau@lucky.test'));
      afterCommit(tx, () => {
        throw new Error('after-commit.test: a follow-up failing on purpose');
      });
      afterCommit(tx, () => ran.push('second'));
    });
    expect(ran).toEqual(['second']);
    expect((await warned).message).toBe('after-commit.test: a follow-up failing on purpose');
    expect(await stored('loi-sau@lucky.test')).toBe(1);
  });
});
