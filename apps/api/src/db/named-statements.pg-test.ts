import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { statementName } from './named-statements.js';
import { platforms } from './schema.js';

describe('statements on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());

  it('are prepared once per connection and reused, answering as before', async () => {
    const { db } = test.database;
    const read = () => db.select({ id: platforms.id }).from(platforms).where(sql`${platforms.id} > ${0}`);
    for (let i = 0; i < 20; i++) expect(await read()).toEqual([]);
    const prepared = await db.execute(sql`select count(*)::int as n from pg_prepared_statements where name like 'lucky_%'`);
    expect((prepared as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('statementName', () => {
  it('names queries with parameters, the same text always the same name, and leaves other commands unnamed', () => {
    const select = 'select "id" from "platforms" where "id" = $1';
    expect(statementName(select)).toMatch(/^lucky_/);
    expect(statementName(select)).toBe(statementName(select));
    expect(statementName(`${select} `)).not.toBe(statementName(select));
    expect(statementName('with x as (select 1) select * from x')).toMatch(/^lucky_/);
    expect(statementName('begin')).toBeNull();
    expect(statementName('create index "x" on "orders" ("code")')).toBeNull();
  });
});
