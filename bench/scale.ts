/**
 * Admin at a million orders (docs/decisions/0013): the admin console's and a customer's reads measured on
 * two fresh PostgreSQL databases of 10k customers, one holding 1k orders and one 1M (about 1 in 500 still
 * open, the rest completed or rejected over a year), with their order lines and coin ledger, each with its
 * own shop, in alternating rounds. A figure that holds at 1M keeps at least 80% of its 1k req/s. The customers
 * the reads ask for (the one signed in, the 40 searched for and their namesakes) have the same history on both
 * sides (about 100 orders each, some 5,500 orders on the small side besides its 1k), so a read answers the same
 * rows at both sizes.
 *
 * The shop fills nothing itself: the rows are written with INSERT … SELECT over generate_series, as a
 * real shop's history would look (ledger rows in time order with their running balance, never updated).
 * The deadline sweep's candidate query is EXPLAINed at 1M: it must not read the orders table whole.
 * Each ratio is the median of three rounds of 10 connections, each round giving each size 2 seconds in four turns
 * of half a second, the two sizes taking turns (the first to go alternating between rounds), printed with the
 * rounds' spread: on a shared 2-core machine a single round often lands on someone else's build, and one ratio of
 * two such figures says nothing.
 *
 *   npm run build && npx tsx bench/scale.ts
 */
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { overdue } from '../apps/api/src/modules/orders/conditions.js';
import { orders } from '../apps/api/src/db/schema.js';
import { recordLatencies, runFor } from './load.js';
import { ADMIN_EMAIL, API_KEY, api, createDatabase, signIn, startShop, type ShopProcess } from './server.js';
import { median, percentile } from './stats.js';

const round2 = (value: number) => Math.round(value * 100) / 100;

export interface ScaleRow {
  name: string;
  /** req/s with 1k orders, the median of the rounds. */
  at1k: number;
  /** req/s with 1M orders, the median of the rounds. */
  at1M: number;
  /** at1M / at1k of each round (two decimals): the two sides measured one right after the other. */
  ratios: number[];
  /** The median of `ratios`. */
  ratio: number;
  /** p99 latency with 1M orders of each round, ms. */
  p99sAt1M: number[];
  /** The median of `p99sAt1M`. */
  p99At1M: number;
  /** p99 at 1M / p99 at 1k of each round (two decimals), both under the same load. */
  p99Ratios: number[];
  /** p99 with 1M orders of each round's turn of one connection (one person asking, nobody queued before them), ms. */
  aloneP99sAt1M: number[];
  /** Answers that were not 2xx, errors and timeouts at 1M (a figure with any is not an answer). */
  failuresAt1M: number;
  /** Requests answered at 1M: 0 means none came back within the run (p99 is then meaningless). */
  answeredAt1M: number;
}

export interface ScaleResult {
  rows: ScaleRow[];
  /** EXPLAIN of the deadline sweep's candidate query at 1M. */
  deadlinePlan: string;
  /** Seconds to fill each database (the 1M one from empty), the two filled at the same time. */
  fillSeconds: { at1k: number; at1M: number };
}

export interface ScaleOptions {
  /** Orders of the big measurement (1M). */
  orders?: number;
  customers?: number;
  /** Orders of the small measurement (1k). */
  baseOrders?: number;
  /** Length of one round of load, and how many rounds make a figure (the median of their ratios). */
  seconds?: number;
  rounds?: number;
  connections?: number;
  log?: (line: string) => void;
  /**
   * Unmeasured work to run while the databases fill (the crowd's customers signing in, bench/run.ts). The fill
   * waits on PostgreSQL's two backends; whatever runs beside it is done by the time the first read is measured.
   */
  besideFill?: () => Promise<unknown>;
}

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}

interface Probe {
  name: string;
  token: 'admin' | 'customer';
  /** Paths drawn at random, one per request, on a database of this many orders. */
  paths: (orders: number) => string[];
}

/** Surnames, middle and given names: realistic Vietnamese names with diacritics, about 1.5 customers each. */
const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Hữu', 'Đức', 'Minh', 'Thanh', 'Ngọc', 'Quốc', 'Gia', 'Xuân'];
const GIVEN = [
  'An', 'Bình', 'Châu', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hiếu', 'Hoa', 'Hùng', 'Hương', 'Khánh', 'Lan', 'Linh', 'Lộc', 'Long', 'Mai', 'Nam', 'Nga',
  'Ngân', 'Nhung', 'Phong', 'Phúc', 'Quân', 'Quang', 'Sơn', 'Tâm', 'Thảo', 'Thắng', 'Thu', 'Trang', 'Trung', 'Tuấn', 'Tú', 'Vân', 'Việt', 'Vy', 'Yến', 'Hậu',
];
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;
/** The customer the bench signs in as: about 100 orders at 1M. */
const SIGNED_IN_CUSTOMER = 1;
/** How many customers the searches by name and email ask for, spread over all of them. */
const SEARCHED_CUSTOMERS = 40;
/** Customer number → name, as fillCustomers writes it: the same name comes back every 6,400 customers. */
const nameOf = (i: number) =>
  `${FAMILY[i % FAMILY.length]} ${MIDDLE[Math.floor(i / FAMILY.length) % MIDDLE.length]} ${GIVEN[Math.floor(i / (FAMILY.length * MIDDLE.length)) % GIVEN.length]}`;
/** A name as staff type it without accents. */
const plain = (value: string) => value.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();

/**
 * Every customer a search for these customers' names or emails finds: the searched ones and their namesakes (a
 * name contains another's). On the small side they all get their whole history, as on the big one; with only the
 * searched customers' history there, a search by a shared name read one customer's orders at 1k and two at 1M,
 * and the ratio measured the answer rather than the shop's size.
 */
function foundBySearch(searched: readonly number[], customers: number): number[] {
  const fields = Array.from({ length: customers }, (_, i) => [plain(nameOf(i)), customerEmail(i)]);
  const found = new Set<number>();
  for (const i of searched) {
    const keywords = fields[i]!;
    fields.forEach((texts, j) => {
      if (keywords.some((keyword) => texts.some((text) => text.includes(keyword)))) found.add(j);
    });
  }
  return [...found];
}

/** `count` numbers spread evenly over 1..limit. */
const sample = (count: number, limit: number) => Array.from({ length: count }, (_, i) => 1 + Math.floor(((i + 0.5) * limit) / count));

/** Customer number → email; the bench signs in as one of them. */
const customerEmail = (i: number) => `khach${String(i).padStart(5, '0')}@example.vn`;

/**
 * Order n's code: 'LK' + 8 Crockford digits of (n × odd constant + offset) mod 2^40, a bijection, so codes
 * are unique, look random, and the bench can name an existing one without asking the database.
 */
const codeSql = (n: string) => {
  const x = `((${n}::bigint * 549755813881 + 91827364519) % 1099511627776)`;
  const digit = (shift: number) => `substr('${CROCKFORD}', ((${x} >> ${shift}) & 31)::int + 1, 1)`;
  return `'LK' || ${[35, 30, 25, 20, 15, 10, 5, 0].map(digit).join(' || ')}`;
};
export function orderCode(n: number): string {
  const x = (BigInt(n) * 549755813881n + 91827364519n) % 1099511627776n;
  let code = 'LK';
  for (const shift of [35n, 30n, 25n, 20n, 15n, 10n, 5n, 0n]) code += CROCKFORD[Number((x >> shift) & 31n)];
  return code;
}

export async function fillCustomers(client: pg.Client, count: number): Promise<void> {
  await client.query(`
    insert into users (email, name, provider, email_verified, coin_total, created_at, updated_at)
    select format('khach%s@example.vn', lpad(i::text, 5, '0')),
           (${sqlArray(FAMILY)})[1 + i % ${FAMILY.length}] || ' ' || (${sqlArray(MIDDLE)})[1 + (i / ${FAMILY.length}) % ${MIDDLE.length}]
             || ' ' || (${sqlArray(GIVEN)})[1 + (i / ${FAMILY.length * MIDDLE.length}) % ${GIVEN.length}],
           'demo', true, 0, $1::timestamptz - interval '400 days' + i * interval '1 minute', $1::timestamptz
    from generate_series(0, ${count - 1}) i`, [new Date()]);
  // Every customer starts with a hand-credited balance, so the coin orders they complete never take it below zero.
  await client.query(`
    insert into coin_ledger (user_id, delta, balance_after, reason, note, created_at)
    select id, 1000000, 1000000, 'admin_adjustment', 'Số dư ban đầu (dữ liệu đo tải)', created_at from users
    where email like 'khach%@example.vn' order by created_at`);
  await client.query(`update users set coin_total = 1000000 where email like 'khach%@example.vn'`);
}

/**
 * Orders numbered [from, to]: one line each from the demo catalogue; every 500th still open (created in the
 * last 20 hours, due later today or tomorrow, so the deadline sweep has nothing to settle while we measure),
 * the others spread over the past year: 90% completed, 10% rejected. Completed coin orders debit the
 * ledger, completed bank orders credit their gift coins, some rejections were late and compensated.
 */
export async function fillOrders(
  client: pg.Client,
  from: number,
  to: number,
  customers: number,
  /** Only the orders of these customers (by number): their own histories, as a bigger shop holds them. */
  only?: readonly number[],
): Promise<void> {
  const now = new Date();
  // A bulk load builds the indexes once at the end rather than row by row: several times faster on 2 cores.
  // Every index the migrations made is put back exactly (pg_get_indexdef), unique ones re-checked as they are built.
  const bulk = to - from > 100_000 && !only;
  const { rows: indexes } = bulk
    ? await client.query<{ name: string; definition: string }>(`
        select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
        from pg_index i join pg_class t on t.oid = i.indrelid
        where t.relname in ('orders', 'order_lines', 'coin_ledger') and t.relnamespace = 'public'::regnamespace
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)
    : { rows: [] };
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  // Foreign-key triggers off for the load: every reference below comes from a join with the row it names.
  // CHECK constraints still hold every row; the ledger's append-only trigger has nothing to refuse (inserts only).
  await client.query('set session_replication_role = replica');
  await client.query('drop table if exists fill_orders');
  await client.query(`
    create temp table fill_orders as
    with picked as (
      select n,
             -- Customers drawn by a hash: about 100 orders each at 1M, and the open ones spread over many customers.
             abs(hashint8(n::bigint)) % ${customers} as customer,
             n % 500 = 0 as open,
             -- 30% coin orders, drawn by a hash so the open ones (every 500th) get both methods.
             case when abs(hashint4(n)) % 10 < 3 then 0 else 1 end as pay_method,
             case when n % 500 = 0 then $1::timestamptz - (n % 1200) * interval '1 minute'
                  else $1::timestamptz - interval '1 hour' - random() * interval '365 days' end as created_at
      from generate_series(${from}, ${to}) n
      ${only ? `where abs(hashint8(n::bigint)) % ${customers} = any('{${only.join(',')}}'::bigint[])` : ''}
    ), items as (
      select row_number() over (order by s.id) - 1 as i, s.id, s.platform_id, p.name as platform_name, s.name, s.price_vnd, s.coin_cost, s.gift_coin
      from store_items s join platforms p on p.id = s.platform_id
    )
    select p.n, gen_random_uuid() as id, ${codeSql('p.n')} as code, u.id as user_id, u.name as user_name, p.pay_method, p.created_at,
           case when p.open then (case when p.n % 1000 = 0 then 1 else 0 end)
                when p.n % 10 = 7 then 3 else 2 end as status,
           it.id as store_id, it.platform_id, it.platform_name, it.name as item_name, it.price_vnd, it.coin_cost,
           case when p.pay_method = 1 then it.gift_coin else 0 end as gift_coin,
           case when p.open then $1::timestamptz + ((p.n / 500) % 24) * interval '1 hour' + interval '20 minutes'
                else (date_trunc('day', p.created_at at time zone 'Asia/Ho_Chi_Minh') + interval '16 hours'
                      + case when extract(hour from p.created_at at time zone 'Asia/Ho_Chi_Minh') >= 16 then interval '1 day' else interval '0' end)
                     at time zone 'Asia/Ho_Chi_Minh' end as due_at,
           case when p.open then null else least(p.created_at + (10 + p.n % 230) * interval '1 minute', $1::timestamptz) end as finished_at
    from picked p
    join items it on it.i = p.n % (select count(*) from items)
    join (select row_number() over (order by email) - 1 as i, id, name from users where email like 'khach%@example.vn') u on u.i = p.customer`,
    [now],
  );
  await client.query(`
    insert into orders (id, code, user_id, platform_id, platform_name, status, pay_method, total_price_vnd, total_coin, total_gift_coin,
                        order_bank_name, order_contact, order_account, order_server, order_uid, due_at, paid_at, finished_at, refund_status,
                        created_at, updated_at)
    select id, code, user_id, platform_id, platform_name, status, pay_method, price_vnd, coin_cost, gift_coin,
           user_name, '090' || lpad((n % 10000000)::text, 7, '0'), 'acc' || n, 'Asia', '',
           due_at,
           -- Bank orders past status 0 were paid (a rejected one only half the time: the others expired unpaid).
           case when pay_method = 1 and (status in (1, 2) or (status = 3 and n % 20 = 7)) then created_at + interval '3 minutes' end,
           finished_at,
           case when pay_method = 1 and status = 3 and n % 20 = 7 then (case when finished_at > $1::timestamptz - interval '2 days' then 'due' else 'done' end) end,
           created_at, coalesce(finished_at, created_at)
    from fill_orders order by created_at`,
    [now],
  );
  await client.query(`
    insert into order_lines (order_id, position, store_id, name, price_vnd, coin_cost, gift_coin, quantity)
    select id, 0, store_id, item_name, price_vnd, coin_cost, gift_coin, 1 from fill_orders order by created_at`);
  // The ledger in time order, each row's balance the customer's balance before the batch plus what came before it.
  await client.query(`
    with moves as (
      select user_id, id as order_id, finished_at as created_at, n,
             case when status = 2 and pay_method = 0 then -coin_cost
                  when status = 2 and pay_method = 1 then gift_coin
                  else greatest(coin_cost / 10, 1) end as delta,
             case when status = 2 and pay_method = 0 then 'order_debit'
                  when status = 2 and pay_method = 1 then 'order_gift'
                  else 'late_compensation' end as reason
      from fill_orders
      where (status = 2 and (pay_method = 0 or gift_coin > 0)) or (status = 3 and n % 20 = 17)
    )
    insert into coin_ledger (user_id, delta, balance_after, reason, order_id, created_at)
    select m.user_id, m.delta, u.coin_total + sum(m.delta) over (partition by m.user_id order by m.created_at, m.n), m.reason, m.order_id, m.created_at
    from moves m join users u on u.id = m.user_id
    order by m.created_at, m.n`);
  await client.query(`
    update users u set coin_total = l.balance_after
    from (select distinct on (user_id) user_id, balance_after from coin_ledger order by user_id, id desc) l
    where l.user_id = u.id and u.coin_total <> l.balance_after`);
  await client.query('drop table fill_orders');
  await client.query(`set maintenance_work_mem = '256MB'`);
  for (const index of indexes) await client.query(index.definition);
  await client.query('reset session_replication_role');
  // The dashboard's day figures and each customer's order count are kept by triggers, which the load ran
  // without: they are recomputed from the rows (migrations 0005 and 0012's own functions; absent from builds
  // before them).
  for (const rebuild of ['shop_day_figures_rebuild', 'user_order_counts_rebuild']) {
    const { rows } = await client.query<{ present: boolean }>(`select to_regproc($1) is not null as present`, [rebuild]);
    if (rows[0]?.present) await client.query(`select ${rebuild}()`);
  }
  await client.query('reset maintenance_work_mem');
  // As autovacuum would leave a shop that has run for a year (statistics, visibility map), and so that it
  // does not start on the new rows in the middle of a measurement.
  await client.query('vacuum analyze');
  // The load left about a gigabyte of pages to write: written now, they do not compete with the first figures
  // measured after it (a shop that has run for a year is not in the middle of writing its whole history).
  await client.query('checkpoint');
}

/** Waits until the database runs none of the shop's queries, so one figure's backlog never slows the next. */
async function settle(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    if (Date.now() > deadline) {
      // Queries still running from a load that timed out: stop them rather than let them skew the next figure.
      await client.query(`select pg_cancel_backend(pid) from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Figure {
  rps: number;
  /** Each turn's req/s, in the order taken. */
  turnRps: number[];
  p99: number;
  failures: number;
  answered: number;
}

/** One turn of load on one side: what it answered, in how long, and every answer's time. */
interface Turn {
  requests: number;
  seconds: number;
  failures: number;
  latencies: number[];
}

async function drive(shop: ShopProcess, token: string, paths: string[], seconds: number, connections: number): Promise<Turn> {
  const pick = () => paths[Math.floor(Math.random() * paths.length)]!;
  const latencies: number[] = [];
  const result = await autocannon({
    url: shop.base,
    connections,
    ...runFor(seconds),
    timeout: 10,
    headers: { 'x-api-key': API_KEY, authorization: token },
    requests: [{ method: 'GET', setupRequest: (request: AutocannonRequest) => ({ ...request, path: pick() }) }],
    ...recordLatencies(latencies),
  });
  return { requests: result.requests.total, seconds: result.duration, failures: result.non2xx + result.errors + result.timeouts, latencies };
}

/** A side's turns taken as one figure: req/s over all their seconds, the p99 of all their answers together. */
function figureOf(turns: Turn[]): Figure {
  const requests = turns.reduce((sum, turn) => sum + turn.requests, 0);
  const seconds = turns.reduce((sum, turn) => sum + turn.seconds, 0);
  const latencies = turns.flatMap((turn) => turn.latencies);
  return {
    rps: seconds > 0 ? Math.round(requests / seconds) : 0,
    turnRps: turns.map((turn) => (turn.seconds > 0 ? turn.requests / turn.seconds : 0)),
    p99: latencies.length > 0 ? Math.round(percentile(latencies, 99)) : 0,
    failures: turns.reduce((sum, turn) => sum + turn.failures, 0),
    answered: requests,
  };
}

/** A round's 1M/1k ratios turn by turn: each of the large side's turns against the small side's turn beside it. */
function turnRatios(small: Figure, large: Figure): number[] {
  return small.turnRps.map((rps, turn) => (rps > 0 ? large.turnRps[turn]! / rps : 0));
}

/** A figure of one side on its own (the unmeasured warm-up). */
async function measure(shop: ShopProcess, token: string, paths: string[], seconds: number, connections: number): Promise<Figure> {
  return figureOf([await drive(shop, token, paths, seconds, connections)]);
}

/**
 * How many turns each side gets in a round: the round's seconds on each side are cut into this many turns,
 * the two sides taking turns. On a shared 2-core host the CPU a process gets swings over seconds; two seconds
 * of one side and then two of the other met different swings (a kept count, the same read at both sizes, gave
 * ratios of 0.71–1.00 in three rounds), where turns of half a second spread both sides over the same moments.
 */
const TURNS_PER_ROUND = 4;

/**
 * Seconds of each round's turn of one connection on the 1M side: what one person waits on, asking alone. With ten
 * connections at once a request waits for the nine before it, and on a loaded 2-core host that queue, not the
 * shop's size, set the p99 (the same search at 1k gave 95–137 ms beside 127–160 ms at 1M, docs/decisions/0055).
 */
const ALONE_SECONDS = 0.5;

/**
 * One round of a probe: both sides in turns (`TURNS_PER_ROUND` each, `first` going first), each side's turns
 * taken as one figure. Each turn waits for the database to settle after the one before it.
 */
async function alternating(
  sides: { shop: ShopProcess; client: pg.Client; token: string; paths: string[] }[],
  first: number,
  seconds: number,
  connections: number,
): Promise<Figure[]> {
  const turns: Turn[][] = sides.map(() => []);
  const order = sides.map((_, i) => (first + i) % sides.length);
  for (let turn = 0; turn < TURNS_PER_ROUND; turn++) {
    for (const i of order) {
      const side = sides[i]!;
      turns[i]!.push(await drive(side.shop, side.token, side.paths, seconds / TURNS_PER_ROUND, connections));
      await settle(side.client);
    }
  }
  return turns.map(figureOf);
}

export async function deadlinePlan(client: pg.Client): Promise<string> {
  const now = new Date();
  // The sweep's own condition (modules/orders/conditions.ts overdue) in the shape the orders module's lifecycle repository asks it.
  const query = drizzle(client)
    .select({ id: orders.id })
    .from(orders)
    .where(overdue(now))
    .orderBy(asc(orders.dueAt), asc(orders.id))
    .limit(100)
    .toSQL();
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain analyze ${query.sql}`, query.params as unknown[]);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** One side of the comparison: a database filled to some number of orders, and a shop on it. */
interface Side {
  orders: number;
  client: pg.Client;
  shop: ShopProcess;
  adminToken: string;
  customerToken: string;
}

export async function runScale(options: ScaleOptions = {}): Promise<ScaleResult> {
  const big = options.orders ?? 1_000_000;
  const small = options.baseOrders ?? 1_000;
  const customers = options.customers ?? 10_000;
  const seconds = options.seconds ?? 2;
  const roundCount = options.rounds ?? 3;
  const connections = options.connections ?? 10;
  const log = options.log ?? ((line: string) => console.log(line));

  // Two databases, one at 1k orders and one at 1M, each with its own shop, measured in alternating rounds: on a
  // shared machine the load of others drifts within minutes, and figures taken one size after the other made
  // their ratio a measure of that drift (every figure at 1M below 0.8 in a run whose 1M half met a build).
  const databases = [await createDatabase('lucky_bench_scale'), await createDatabase('lucky_bench_scale')];
  const clients = databases.map((database) => new pg.Client({ connectionString: database.url }));
  const shops: ShopProcess[] = [];
  try {
    // Each shop migrates its database and seeds the demo catalogue the orders are drawn from.
    shops.push(...(await Promise.all(databases.map((database) => startShop({ databaseUrl: database.url })))));
    for (const client of clients) await client.connect();
    // The same customers and first orders in both; the big one is then topped up. The customers whose orders the
    // probes read (the signed-in customer, the names and emails searched) have their whole history on both sides,
    // so a read answers the same rows at both sizes and the ratio measures the shop's size, not the answer's: at 1k
    // they would otherwise have no orders at all (an empty page against a full one at 1M). Namesakes too (foundBySearch).
    const searched = sample(SEARCHED_CUSTOMERS, customers - 1);
    const found = foundBySearch(searched, customers);
    // Both at once: the small one's statements run on the second core while the big one's run on the first.
    const fill = async (client: pg.Client, orders: number, histories?: readonly number[]) => {
      const started = Date.now();
      await fillCustomers(client, customers);
      await fillOrders(client, 1, small, customers);
      await fillOrders(client, small + 1, big, customers, histories);
      const seconds = (Date.now() - started) / 1000;
      log(`scale: ${customers} customers and ${orders} orders in ${seconds.toFixed(1)} s`);
      return seconds;
    };
    const [fill1k, fill1M] = await Promise.all([
      fill(clients[0]!, small, [SIGNED_IN_CUSTOMER, ...found]),
      fill(clients[1]!, big),
      options.besideFill?.(),
    ]);

    const sides: Side[] = [];
    for (const [i, orders] of [small, big].entries()) {
      const shop = shops[i]!;
      sides.push({
        orders,
        client: clients[i]!,
        shop,
        adminToken: await signIn(shop.base, ADMIN_EMAIL),
        // A customer with the average number of orders (100 at 1M), signed in through the demo provider.
        customerToken: await signIn(shop.base, customerEmail(SIGNED_IN_CUSTOMER)),
      });
    }
    const q = (value: string) => encodeURIComponent(value);
    const probes: Probe[] = [
      // Codes that exist on that side, typed in lower case as staff may.
      { name: 'admin search by code', token: 'admin', paths: (orders) => sample(200, orders).map((n) => `/order/api/v1/admin/order/list?q=${orderCode(n).toLowerCase()}&page=1&limit=20`) },
      { name: 'admin search by email', token: 'admin', paths: () => searched.map((i) => `/order/api/v1/admin/order/list?q=${q(customerEmail(i))}&page=1&limit=20`) },
      { name: 'admin search by name (no accents)', token: 'admin', paths: () => searched.map((i) => `/order/api/v1/admin/order/list?q=${q(plain(nameOf(i)))}&page=1&limit=20`) },
      { name: 'admin dashboard', token: 'admin', paths: () => ['/order/api/v1/admin/dashboard'] },
      { name: 'admin queue, first page', token: 'admin', paths: () => ['/order/api/v1/admin/order/list?page=1&limit=20'] },
      { name: 'admin customer list', token: 'admin', paths: () => ['/user/api/v1/admin/user/list?page=1&limit=20'] },
      { name: 'customer order count', token: 'customer', paths: () => ['/order/api/v1/order/count'] },
      { name: 'customer order list', token: 'customer', paths: () => ['/order/api/v1/order/list?page=1&limit=10'] },
    ];
    const tokenOf = (side: Side, probe: Probe) => (probe.token === 'admin' ? side.adminToken : side.customerToken);
    // A round of every probe on both shops at once before the first figure, unmeasured: they have just started,
    // and a figure taken while a shop's code is still being compiled says nothing about its database.
    for (const probe of probes) {
      await Promise.all(sides.map((side) => measure(side.shop, tokenOf(side, probe), probe.paths(side.orders), 1, connections)));
    }
    for (const side of sides) await settle(side.client);

    /** Each probe's rounds at both sizes, and its turns of one connection at 1M. */
    const measured = new Map<string, { rounds: Figure[][]; alone: Figure[] }>();
    for (const probe of probes) {
      for (const side of sides) {
        // One call first: it must answer.
        await api(side.shop.base, 'GET', probe.paths(side.orders)[0]!, { token: tokenOf(side, probe) }).catch((error: unknown) =>
          log(`scale: ${probe.name} at ${side.orders} orders: ${String(error).slice(0, 200)}`),
        );
      }
      // Short rounds, each measuring both sides in turns of half a second (alternating): a round's ratio compares two
      // figures taken over the same seconds, and the figure is the median of the rounds' ratios with their spread, so
      // one round landing on someone else's build neither makes nor breaks it.
      const rounds: Figure[][] = [[], []];
      const alone: Figure[] = [];
      const driven = sides.map((side) => ({ ...side, token: tokenOf(side, probe), paths: probe.paths(side.orders) }));
      const large = driven[1]!;
      for (let round = 0; round < roundCount; round++) {
        const figures = await alternating(driven, round % 2, seconds, connections);
        figures.forEach((figure, i) => rounds[i]!.push(figure));
        alone.push(figureOf([await drive(large.shop, large.token, large.paths, ALONE_SECONDS, 1)]));
        await settle(large.client);
      }
      for (const [i, side] of sides.entries()) {
        const figures = rounds[i]!;
        const p99 = figures.map((figure) => (figure.answered > 0 ? `${figure.p99} ms` : 'no answer')).join(', ');
        const failures = figures.reduce((sum, figure) => sum + figure.failures, 0);
        log(`scale: ${probe.name} at ${side.orders} orders: ${figures.map((figure) => figure.rps).join(', ')} req/s, p99 ${p99}${failures ? `, ${failures} failed` : ''}`);
      }
      log(`scale: ${probe.name} at ${big} orders, one connection: p99 ${alone.map((figure) => `${figure.p99} ms`).join(', ')}`);
      const byTurn = rounds[0]!.map((figure, round) => turnRatios(figure, rounds[1]![round]!).map((ratio) => ratio.toFixed(2)).join(' '));
      const overTurns = rounds[0]!.map((figure, round) => (figure.rps > 0 ? (rounds[1]![round]!.rps / figure.rps).toFixed(2) : '–'));
      log(`scale: ${probe.name}, 1M / 1k turn by turn: ${byTurn.join(' / ')}; over each round's turns ${overTurns.join(', ')}`);
      measured.set(probe.name, { rounds, alone });
    }

    const plan = await deadlinePlan(clients[1]!);
    log(`scale: the deadline sweep's candidates at ${big} orders:\n${plan}`);
    if (/Seq Scan on orders/.test(plan)) throw new Error('the deadline sweep reads the whole orders table (Seq Scan on orders)');

    const rows = probes.map((probe): ScaleRow => {
      const { rounds, alone } = measured.get(probe.name)!;
      const [small, large] = rounds;
      // A round's ratio is the median of its turns' (turnRatios): a stall of the host that lands on one turn of half
      // a second moves one pair of four, not the round (docs/decisions/0057).
      const ratios = small!.map((figure, round) => round2(median(turnRatios(figure, large![round]!))));
      const p99sAt1M = large!.map((figure) => figure.p99);
      const p99Ratios = small!.map((figure, round) => round2(large![round]!.p99 / Math.max(figure.p99, 1)));
      return {
        name: probe.name,
        at1k: median(small!.map((figure) => figure.rps)),
        at1M: median(large!.map((figure) => figure.rps)),
        ratios,
        ratio: median(ratios),
        p99sAt1M,
        p99At1M: median(p99sAt1M),
        p99Ratios,
        aloneP99sAt1M: alone.map((figure) => figure.p99),
        failuresAt1M: [...large!, ...alone].reduce((sum, figure) => sum + figure.failures, 0),
        answeredAt1M: large!.reduce((sum, figure) => sum + figure.answered, 0),
      };
    });
    return { rows, deadlinePlan: plan, fillSeconds: { at1k: fill1k, at1M: fill1M } };
  } finally {
    for (const client of clients) await client.end().catch(() => {});
    for (const shop of shops) await shop.stop();
    for (const database of databases) await database.drop();
  }
}

function printTable(result: ScaleResult): void {
  console.log(`\nAdmin at a million orders (filled at once: ${result.fillSeconds.at1k.toFixed(0)} s and ${result.fillSeconds.at1M.toFixed(0)} s)\n`);
  console.log('| figure | 1k orders (req/s) | 1M orders (req/s) | ratio (rounds) | p99 at 1M (ms) | p99 at 1M / 1k | p99 at 1M, one connection (ms) | failed at 1M |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of result.rows) {
    const p99 = row.answeredAt1M > 0 ? String(row.p99At1M) : 'no answer';
    const spread = `${Math.min(...row.ratios).toFixed(2)}–${Math.max(...row.ratios).toFixed(2)}`;
    console.log(
      `| ${row.name} | ${row.at1k} | ${row.at1M} | ${row.ratio.toFixed(2)} (${spread}) | ${p99} | ${median(row.p99Ratios).toFixed(2)} | ${median(row.aloneP99sAt1M)} | ${row.failuresAt1M} |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const orders = Number(process.argv.find((arg) => arg.startsWith('--orders='))?.slice('--orders='.length) ?? 1_000_000);
  runScale({ orders }).then(printTable, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
