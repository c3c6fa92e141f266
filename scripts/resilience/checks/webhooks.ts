/**
 * Webhooks: 100 SePay notifications — genuine ones for bank orders placed through the API, duplicates of
 * them and forgeries — sent over both instances while one is killed with SIGKILL and restarted. A
 * delivery that gets no answer is delivered again, as SePay retries. Each transfer must be applied once,
 * every forgery refused with 401 and change nothing.
 */
import {
  PAY_BANK,
  type PlacedOrder,
  SEPAY_PATH,
  call,
  describe,
  expectOk,
  orderBody,
  placeOrder,
  sepayBody,
  sepayHmac,
  signIn,
} from '../api.js';
import { type Suite, figure } from '../context.js';
import { type Instance, connect, disconnect, hex, secretText, waitFor, within } from '../harness.js';
import { num, pgSql } from '../invariants.js';
import type { Figure } from '../types.js';
import type { Pair } from './money.js';

const GENUINE = 40;
const DUPLICATES = 30;
const FORGERIES = 30;
const FORGED_ONLY_ORDERS = 10;

interface Delivery {
  kind: 'genuine' | 'duplicate' | 'forgery';
  txId: number;
  raw: string;
  /** Headers made at send time (a signature's timestamp must be fresh). */
  headers: () => Record<string, string>;
  expected: 200 | 401;
  final?: number;
  finalBody?: unknown;
  attempts: number;
}

export async function checkWebhooks(suite: Suite, pair: Pair): Promise<Figure> {
  const { shop, random, settings } = suite;
  const [a, b] = pair.instances;
  const customer = await signIn(shop, a.url, `webhooks-${hex(4)}@resilience.test`);

  const orders: PlacedOrder[] = [];
  for (let i = 0; i < GENUINE + FORGED_ONLY_ORDERS; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, GENUINE + FORGED_ONLY_ORDERS - i) }, (_, j) =>
        placeOrder(
          shop,
          (j % 2 === 0 ? a : b).url,
          customer,
          orderBody(shop, j % 3 === 0 ? pair.items.login : pair.items.uid, PAY_BANK),
        ),
      ),
    );
    for (const reply of batch) orders.push(expectOk('a bank order', reply));
  }
  const paid = orders.slice(0, GENUINE);
  const forgedOnly = orders.slice(GENUINE);

  const apiKeyAuth = () => ({ authorization: `Apikey ${settings.sepayApiKey}` });
  const memo = (code: string, txId: number) =>
    random.pick([
      `MBVCB.${txId}.${code} chuyen tien`,
      `${code} thanh toan don hang`,
      `IBFT ${code.toLowerCase()} NGUYEN VAN AN`,
    ]);
  const firstTx = 700_000_000 + random.int(0, 99_999_999);
  let nextTx = firstTx;

  const genuine: Delivery[] = paid.map((order, i) => {
    const txId = nextTx++;
    const raw = JSON.stringify(
      sepayBody({ txId, account: settings.bankAccount, amountVnd: order.total_price, memo: memo(order.code, txId) }),
    );
    const headers = i % 2 === 0 ? apiKeyAuth : () => sepayHmac(raw, settings.sepayWebhookSecret);
    return { kind: 'genuine', txId, raw, headers, expected: 200, attempts: 0 };
  });
  const duplicates: Delivery[] = Array.from({ length: DUPLICATES }, () => {
    const original = random.pick(genuine);
    const headers = random.next() < 0.5 ? apiKeyAuth : () => sepayHmac(original.raw, settings.sepayWebhookSecret);
    return { ...original, kind: 'duplicate', headers, attempts: 0 };
  });
  const forgeries: Delivery[] = Array.from({ length: FORGERIES }, (_, i) => {
    const order = random.pick(forgedOnly);
    const txId = nextTx++;
    const raw = JSON.stringify(
      sepayBody({ txId, account: settings.bankAccount, amountVnd: order.total_price, memo: memo(order.code, txId) }),
    );
    const other = JSON.stringify(
      sepayBody({ txId, account: settings.bankAccount, amountVnd: 1000, memo: 'chuyen tien' }),
    );
    const forged: Array<() => Record<string, string>> = [
      () => ({ authorization: `Apikey rs-wrong-${secretText(12)}` }),
      () => sepayHmac(raw, `rs-wrong-${secretText(12)}`),
      () => sepayHmac(other, settings.sepayWebhookSecret),
      () => ({}),
      () => sepayHmac(raw, settings.sepayWebhookSecret, new Date(Date.now() - 10 * 60_000)),
      () => ({ authorization: `Apikey ${settings.sepayWebhookSecret}` }),
    ];
    return { kind: 'forgery', txId, raw, headers: forged[i % forged.length]!, expected: 401, attempts: 0 };
  });
  const queue = random.shuffle([...genuine, ...duplicates, ...forgeries]);

  // Kill the second instance once a random number of deliveries have been answered; restart it at once.
  const killAfter = random.int(25, 55);
  let answered = 0;
  let killing: Promise<void> | null = null;
  let killedAt = -1;
  let retriedAfterKill = 0;
  let next = 0;
  const instances: Instance[] = [a, b];
  let turn = 0;
  const pickUp = () =>
    waitFor(
      'an instance to be up',
      () => {
        const up = instances.filter((i) => i.up);
        return up.length > 0 ? up[turn++ % up.length]! : null;
      },
      120_000,
      20,
    );

  const sender = async () => {
    while (next < queue.length) {
      const delivery = queue[next++]!;
      for (; delivery.attempts < 40;) {
        delivery.attempts++;
        const instance = await pickUp();
        const reply = await call(instance.url, 'POST', SEPAY_PATH, { raw: delivery.raw, headers: delivery.headers() });
        if (reply.status !== 0 && reply.status < 500) {
          delivery.final = reply.status;
          delivery.finalBody = reply.body;
          break;
        }
        if (killing) retriedAfterKill++;
        await waitFor(`${instance.name} to be marked down`, () => !instance.up || reply.status >= 500, 5_000, 20).catch(
          () => {},
        );
      }
      answered++;
      if (!killing && answered >= killAfter) {
        killedAt = answered;
        killing = b.kill9().then(() => b.start());
        // Awaited after the deliveries; until then a failed restart must not be an unhandled rejection.
        killing.catch(() => {});
      }
    }
  };
  await within('the webhook deliveries', Promise.all(Array.from({ length: 8 }, () => sender())), 240_000);
  if (killing) await within('the restart', killing, 150_000);

  const client = await connect(suite.resources, pair.database.url);
  try {
    const sql = pgSql(client);
    const problems: string[] = [];
    const wrongAnswers = queue.filter(
      (d) => d.final !== d.expected || (d.expected === 200 && (d.finalBody as { success?: boolean })?.success !== true),
    );
    if (wrongAnswers.length > 0) {
      const first = wrongAnswers[0]!;
      problems.push(
        `${wrongAnswers.length} deliveries answered wrongly (a ${first.kind}: ${first.final ?? 'no answer'}, expected ${first.expected})`,
      );
    }
    const txIds = Array.from({ length: nextTx - firstTx }, (_, i) => String(firstTx + i));
    const rows = await sql(
      `select provider_tx_id, status, order_id::text as order_id from bank_transfers where provider = 'sepay' and provider_tx_id = any($1::text[])`,
      [txIds],
    );
    const byTx = new Map(rows.map((r) => [String(r.provider_tx_id), r]));
    let applied = 0;
    genuine.forEach((delivery, i) => {
      const row = byTx.get(String(delivery.txId));
      if (!row) problems.push(`transfer ${delivery.txId} was not stored`);
      else if (row.status !== 'matched' || row.order_id !== paid[i]!.id)
        problems.push(`transfer ${delivery.txId} is ${String(row.status)}`);
    });
    const forgedStored = forgeries.filter((d) => byTx.has(String(d.txId))).length;
    if (forgedStored > 0) problems.push(`${forgedStored} forgeries were stored`);

    const orderRows = await sql(`select id::text as id, status, paid_at from orders where user_id = $1`, [
      customer.userId,
    ]);
    const audit = await sql(
      `select entity_id, count(*) as n from audit_log where action = 'order.status' and entity = 'order'
        and entity_id in (select id::text from orders where user_id = $1) group by entity_id`,
      [customer.userId],
    );
    const moves = new Map(audit.map((r) => [String(r.entity_id), num(r.n)]));
    const statusOf = new Map(orderRows.map((r) => [String(r.id), r]));
    for (const order of paid) {
      const row = statusOf.get(order.id);
      const n = moves.get(order.id) ?? 0;
      if (row && num(row.status) === 1 && row.paid_at && n === 1) applied++;
      else if (n > 1) problems.push(`order ${order.code} moved ${n} times`);
      else problems.push(`order ${order.code} is ${row ? num(row.status) : 'missing'} after its transfer`);
    }
    for (const order of forgedOnly) {
      const row = statusOf.get(order.id);
      if (!row || num(row.status) !== 0 || (moves.get(order.id) ?? 0) !== 0)
        problems.push(`forged-only order ${order.code} changed`);
    }
    const health = await call(b.url, 'GET', '/healthz');
    if (health.status !== 200) problems.push(`the killed instance is not back (${describe(health)})`);

    const ok = problems.length === 0 && applied === GENUINE && killedAt > 0;
    const detail = [
      `${DUPLICATES} duplicates answered success, ${FORGERIES} forgeries refused 401 and changed nothing`,
      killedAt > 0
        ? `${b.name} killed after ${killedAt} answers and restarted, ${retriedAfterKill} deliveries retried`
        : 'no instance was killed',
      ...problems.slice(0, 3),
    ].join(' — ');
    return figure(
      'webhooks',
      `${applied} of ${GENUINE} transfers applied once from ${queue.length} notifications`,
      ok,
      detail,
    );
  } finally {
    await disconnect(suite.resources, client);
  }
}
