/** Start-up: four instances started at once on an empty database all come up (the migration lock). */
import fs from 'node:fs';
import path from 'node:path';
import { type Suite, figure } from '../context.js';
import { type Database, Instance, REPO_ROOT, connect, disconnect } from '../harness.js';
import { num, pgSql } from '../invariants.js';
import type { Figure } from '../types.js';

export async function checkStartup(
  suite: Suite,
  database: Database,
): Promise<{ figure: Figure; instances: Instance[] }> {
  const instances = await Promise.all(
    [1, 2, 3, 4].map((n) =>
      Instance.create(suite.resources, suite.logs, `pg-${n}`, suite.env({ DATABASE_URL: database.url })),
    ),
  );
  const results = await Promise.allSettled(instances.map((instance) => instance.start()));
  const up = instances.filter((instance) => instance.up);
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));

  const journal = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  const client = await connect(suite.resources, database.url);
  try {
    const sql = pgSql(client);
    const migrations = num((await sql('select count(*) as n from drizzle.__drizzle_migrations'))[0]!.n);
    const platforms = num((await sql('select count(*) as n from platforms'))[0]!.n);
    const doubled = num(
      (await sql('select count(*) as n from (select name from platforms group by name having count(*) > 1) d'))[0]!.n,
    );
    const ok = up.length === 4 && migrations === journal.entries.length && platforms > 0 && doubled === 0;
    const detail = [
      `migrations applied once (${migrations} of ${journal.entries.length})`,
      doubled === 0 ? `demo catalogue seeded once (${platforms} platforms)` : `${doubled} platforms seeded twice`,
      ...(suite.settings.redisUrl ? ['Redis on'] : ['Redis not reachable: without it']),
      ...failures.slice(0, 2),
    ].join(' — ');
    return {
      figure: figure('start-up', `${up.length} of 4 instances up, started at once on an empty database`, ok, detail),
      instances,
    };
  } finally {
    await disconnect(suite.resources, client);
  }
}
