/**
 * A process refuses the stream it cannot hold, whatever its heap limit, and never dies of one (streams.ts,
 * docs/decisions/0026). The shop runs in a process of its own with a small heap and no stream cap to speak of;
 * customers open streams until it says no. It must say no with 503 and Retry-After, in Vietnamese, while it still
 * answers everything else, and every stream it took must still be open.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../lib/access-token.js';
import { freePort, startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process.js';
import { TEST_API_KEY } from '../../test/harness.js';
import { API_MESSAGES } from '@lucky/shared';

const JWT_SECRET = crypto.randomBytes(32).toString('hex');
/** Old generation in MB: small enough that a few thousand streams fill it. */
const HEAP_MB = 96;
/** Opens tried at most: far more than the heap holds. */
const MAX_OPENS = 12_000;
const AT_ONCE = 40;

interface Opened {
  status: number;
  retryAfter: string | undefined;
  body: string;
  request: http.ClientRequest;
  ended: () => boolean;
}

function open(base: string, token: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    let ended = false;
    const request = http.get(
      `${base}/order/api/v1/order/events`,
      { agent: false, headers: { 'x-api-key': TEST_API_KEY, authorization: token } },
      (res) => {
        const retryAfter = res.headers['retry-after'];
        res.on('close', () => (ended = true));
        res.on('error', () => (ended = true));
        if (res.statusCode === 200) {
          res.resume();
          resolve({ status: 200, retryAfter: undefined, body: '', request, ended: () => ended });
          return;
        }
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined, body, request, ended: () => true }),
        );
      },
    );
    request.on('error', reject);
  });
}

describe(`a shop process with a ${HEAP_MB} MB heap and room for 100,000 streams`, () => {
  let shop: ServerProcess;
  let base: string;
  let dataDir: string;
  const streams: Opened[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-heap-'));
    shop = startServerProcess(
      await freePort(),
      {
        DATA_DIR: dataDir,
        API_KEY: TEST_API_KEY,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        RATE_LIMIT: 'false',
        SEED_DEMO: 'false',
        EVENT_STREAMS_MAX: '100000',
      },
      [`--max-old-space-size=${HEAP_MB}`],
    );
    base = shop.url;
    await shop.healthy();
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.request.destroy();
    await stopServerProcesses([shop]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a stream with 503 and Retry-After once its heap is near full, and lives on with every stream it took', async () => {
    const tokens = createAccessTokens(JWT_SECRET, 3600);
    let refused: Opened | undefined;
    let tried = 0;
    while (!refused && tried < MAX_OPENS) {
      const batch = await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          tried += 1;
          // Each customer holds one stream, as each phone does.
          const token = await tokens.sign({ userId: crypto.randomUUID(), email: '' });
          return open(base, token);
        }),
      );
      for (const result of batch) {
        if (result.status === 200) streams.push(result);
        else refused ??= result;
      }
    }

    expect(shop.child.exitCode, shop.output()).toBeNull();
    expect(refused, `${tried} opens, none refused`).toBeDefined();
    expect(refused!.status).toBe(503);
    expect(refused!.retryAfter).toMatch(/^\d+$/);
    expect(JSON.parse(refused!.body)).toEqual({ code: 'UNAVAILABLE', message: API_MESSAGES.streamsFull });
    // It held a crowd before it said no, and still holds it.
    expect(streams.length).toBeGreaterThan(500);
    expect(streams.filter((stream) => stream.ended())).toEqual([]);
    // Everything else still answers.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const catalogue = await fetch(`${base}/platform/api/v1/platform/list?keyword=&is_active=true`, { headers: { 'x-api-key': TEST_API_KEY } });
    expect(catalogue.status).toBe(200);
    expect(shop.output()).not.toMatch(/heap out of memory|FATAL ERROR/);
  }, 240_000);
});
