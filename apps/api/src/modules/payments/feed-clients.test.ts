import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSepayStandIn, type SepayStandIn } from '../../test/bank-feed-stand-ins.js';
import { FeedError, retryAfterMs, sepayPages, type SepayListRequest } from './feed-clients.js';

const SHOP = '0071000888888';

describe('retry-after', () => {
  const now = new Date('2026-11-23T05:00:00Z');
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('reads seconds, an HTTP date, or SePay’s own header; one second when none is given', () => {
    expect(retryAfterMs(headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': 'Mon, 23 Nov 2026 05:00:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(headers({ 'x-sepay-userapi-retry-after': '1' }), now)).toBe(1000);
    expect(retryAfterMs(headers({}), now)).toBe(1000);
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBe(1000);
  });
});

describe('a SePay request that gets no proper answer', () => {
  let sepay: SepayStandIn;
  let silent: http.Server;
  let silentBase: string;

  beforeAll(async () => {
    sepay = await startSepayStandIn(SHOP);
    // Answers with a page that is not SePay's.
    silent = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>bảo trì</html>'));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentBase = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await sepay?.close();
    silent?.closeAllConnections();
    await new Promise<void>((resolve) => silent?.close(() => resolve()));
  });

  const request = (apiUrl: string): SepayListRequest => ({
    apiUrl,
    token: sepay.token,
    accountNumber: SHOP,
    sinceId: 1n,
    dateMin: null,
  });

  async function failure(pages: AsyncGenerator<unknown>): Promise<unknown> {
    try {
      for await (const _page of pages) {
        // Reading the pages is what fails.
      }
    } catch (error) {
      return error;
    }
    return null;
  }

  it('gives up after its timeout, in words staff read', async () => {
    const hold = sepay.hold();
    const error = await failure(sepayPages(request(sepay.base), { timeoutMs: 200 }));
    hold.release();
    expect(error).toBeInstanceOf(FeedError);
    expect((error as Error).message).toBe(`SePay không trả lời kịp (${new URL(sepay.base).host})`);
  });

  it('says when it cannot connect, and when the answer is not SePay’s', async () => {
    const closed = await failure(sepayPages(request('http://127.0.0.1:9')));
    expect((closed as Error).message).toBe('Không kết nối được SePay (127.0.0.1:9)');
    const html = await failure(sepayPages(request(silentBase)));
    expect((html as Error).message).toBe('SePay trả về nội dung không đọc được');
  });
});
