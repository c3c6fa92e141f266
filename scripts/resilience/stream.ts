/**
 * A stream of customer orders and staff moves against a set of instances while one of them is killed
 * with SIGKILL at random moments and restarted, round after round. Requests go to a random instance
 * that is up; one that gets no answer is retried elsewhere (orders with their Idempotency-Key, moves
 * with expected_status), as a load balancer and a patient admin would. Everything acknowledged is
 * recorded for verifyStream.
 */
import {
  type CatalogueItem,
  type Reply,
  type Session,
  PAY_BANK,
  PAY_COIN,
  adminOrder,
  codeOf,
  describe,
  grantCoins,
  moveOrder,
  orderBody,
  placeOrder,
  signIn,
} from './api.js';
import type { Suite } from './context.js';
import { type Instance, hex, sleep, waitFor, within } from './harness.js';
import { type StreamRecord, newStreamRecord } from './invariants.js';

export interface StreamOptions {
  instances: Instance[];
  rounds: number;
  workers: number;
  customers: number;
  admin: Session;
  items: { login: CatalogueItem; uid: CatalogueItem };
  /** Whole-stream time bound. */
  timeoutMs: number;
}

export interface StreamResult {
  record: StreamRecord;
  kills: number;
  /** Requests sent again after getting no answer. */
  retries: number;
  /** Moves whose answer was lost and that the re-read showed applied. */
  movesSeenAfterLoss: number;
  /** Moves sent by two admins at once. */
  doubleMoves: number;
  problems: string[];
  customers: Session[];
}

const GRANT = 1_000_000;
const MAX_ACTIONS_PER_WORKER = 4000;
/** Actions the stream must complete after a restart before the next kill is armed. */
const PROGRESS_BEFORE_KILL = 12;

export async function runStream(suite: Suite, options: StreamOptions): Promise<StreamResult> {
  const { shop, random } = suite;
  const record = newStreamRecord();
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 8) problems.push(text);
  };
  let retries = 0;
  let movesSeenAfterLoss = 0;
  let doubleMoves = 0;
  let actions = 0;
  let stopping = false;
  const deadline = Date.now() + options.timeoutMs;

  const upInstance = async (): Promise<Instance> =>
    waitFor(
      'an instance to be up',
      () => {
        const up = options.instances.filter((i) => i.up);
        return up.length > 0 ? random.pick(up) : null;
      },
      120_000,
      20,
    );

  /** Sends until an HTTP answer below 500 comes back; `uncertain` when an earlier try got none. */
  const send = async <T>(what: string, request: (instance: Instance) => Promise<Reply<T>>) => {
    let uncertain = false;
    for (let attempt = 0; attempt < 60; attempt++) {
      const instance = await upInstance();
      const reply = await request(instance);
      if (reply.status !== 0 && reply.status < 500) return { reply, uncertain };
      if (reply.status >= 500) problem(`${what} answered ${describe(reply)} by ${instance.name}`);
      uncertain = true;
      retries++;
      // The instance is dying or just died: wait until the controller has marked it down (or it answers).
      await waitFor(
        `${instance.name} to be marked down or answer`,
        async () => !instance.up || reply.status >= 500,
        5_000,
        20,
      ).catch(() => {});
    }
    throw new Error(`${what}: no answer after 60 tries`);
  };

  const host = options.instances[0]!;
  const customers: Session[] = [];
  for (let i = 0; i < options.customers; i++) {
    const customer = await signIn(shop, host.url, `crash-${hex(4)}-${i}@resilience.test`);
    await grantCoins(shop, host.url, options.admin, customer.userId, GRANT);
    record.customers.set(customer.userId, { granted: GRANT });
    customers.push(customer);
  }

  const open: string[] = [];
  const claimed = new Set<string>();

  const place = async () => {
    const customer = random.pick(customers);
    const item = random.next() < 0.5 ? options.items.uid : options.items.login;
    const pay = random.next() < 0.6 ? PAY_COIN : PAY_BANK;
    const key = `crash-${hex(8)}`;
    record.keys.add(key);
    const body = orderBody(shop, item, pay);
    const { reply } = await send('an order', (instance) => placeOrder(shop, instance.url, customer, body, key));
    if (reply.status === 200) {
      record.acknowledged.set(reply.body.id, { code: reply.body.code, userId: customer.userId });
      record.known.set(reply.body.id, 0);
      open.push(reply.body.id);
    } else if (!(reply.status === 409 && codeOf(reply) === 'NOT_ENOUGH_COINS')) {
      problem(`an order answered ${describe(reply)}`);
    }
  };

  /**
   * One staff move, sometimes sent by two admins at once (two requests, possibly to two instances): at
   * most one may be acknowledged, the other must get 409. When no answer acknowledges it but one was
   * lost to a kill, the order is read back to learn whether the lost one applied.
   */
  const move = async (orderId: string) => {
    const from = record.known.get(orderId)!;
    const to = from === 0 ? (random.next() < 0.8 ? 1 : 3) : random.next() < 0.65 ? 2 : 3;
    const body = {
      status: to,
      expected_status: from,
      ...(to === 3 ? { reason: 'Khách yêu cầu huỷ đơn' } : {}),
      ...(to === 2 ? { result_comment: 'Đã nạp xong' } : {}),
      // Confirming a bank order's payment by hand records what staff saw arrive (a coin order ignores it).
      ...(to === 1 ? { received_vnd: 100_000 } : {}),
    };
    const admins = random.next() < 0.2 ? 2 : 1;
    if (admins === 2) doubleMoves++;
    const attempts = await Promise.all(
      Array.from({ length: admins }, () =>
        send('a staff move', (instance) => moveOrder(shop, instance.url, options.admin, orderId, body)),
      ),
    );
    const wins = attempts.filter((a) => a.reply.status === 200).length;
    const odd = attempts.find((a) => a.reply.status !== 200 && a.reply.status !== 409);
    if (odd) problem(`a move ${from}→${to} answered ${describe(odd.reply)}`);
    if (wins > 1) problem(`a move ${from}→${to} sent by two admins at once was acknowledged twice`);
    if (wins >= 1) {
      record.moves.push({ orderId, from, to });
      record.known.set(orderId, to);
    } else if (!odd && attempts.some((a) => a.uncertain)) {
      const { reply: detail } = await send('an order read', (instance) =>
        adminOrder(shop, instance.url, options.admin, orderId),
      );
      if (detail.status === 200 && detail.body.status === to) {
        movesSeenAfterLoss++;
        record.known.set(orderId, to);
      } else {
        problem(
          `a move ${from}→${to} answered 409 after a lost answer, and the order is ${detail.status === 200 ? detail.body.status : describe(detail)}`,
        );
        record.known.delete(orderId);
      }
    } else {
      if (!odd) problem(`a move ${from}→${to} was refused (409) with no earlier attempt`);
      record.known.delete(orderId);
    }
    const now = record.known.get(orderId);
    const at = open.indexOf(orderId);
    if (at !== -1 && (now === undefined || now === 2 || now === 3)) open.splice(at, 1);
  };

  const worker = async () => {
    for (let n = 0; n < MAX_ACTIONS_PER_WORKER && !stopping && Date.now() < deadline; n++) {
      const free = open.filter((id) => !claimed.has(id));
      if (free.length < 4 || random.next() < 0.45) {
        await place();
      } else {
        const orderId = random.pick(free);
        claimed.add(orderId);
        try {
          await move(orderId);
        } finally {
          claimed.delete(orderId);
        }
      }
      actions++;
    }
  };

  // Caught at once: a worker that gives up is a problem of the stream, never an unhandled rejection.
  const workers = Array.from({ length: options.workers }, () =>
    worker().catch((error: Error) => problem(`a stream worker failed: ${error.message}`)),
  );
  let kills = 0;
  try {
    for (let round = 0; round < options.rounds; round++) {
      const since = actions;
      await waitFor('the stream to make progress', () => actions >= since + PROGRESS_BEFORE_KILL, 60_000, 10);
      // The random moment: 50–900 ms into a running stream.
      await sleep(random.int(50, 900));
      const victim =
        options.instances.length === 1 ? options.instances[0]! : options.instances[round % options.instances.length]!;
      await victim.kill9();
      kills++;
      await victim.start();
    }
    const since = actions;
    await waitFor(
      'the stream to make progress after the last restart',
      () => actions >= since + PROGRESS_BEFORE_KILL,
      60_000,
      10,
    );
  } finally {
    stopping = true;
    await within('the stream workers', Promise.all(workers), 150_000);
  }
  return { record, kills, retries, movesSeenAfterLoss, doubleMoves, problems, customers };
}
