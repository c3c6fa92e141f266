import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/suite.js';
import { secretCheck } from './auth.js';

const t = useTestApp();
let token: string;
let origin: { host: string; port: number };

beforeAll(async () => {
  token = (await t.signIn('khach@lucky.test')).access_token;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address() as net.AddressInfo;
  origin = { host: address.address, port: address.port };
});

/** Sends one raw HTTP/1.1 request line as written (no client normalises it) and returns status and body. */
function rawRequest(target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(origin.port, origin.host);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    const lines = Object.entries({ host: `${origin.host}:${origin.port}`, connection: 'close', ...headers }).map(
      ([k, v]) => `${k}: ${v}`,
    );
    socket.write(`GET ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
  });
}

const BALANCE = '/bank/api/v1/bank';

describe('the x-api-key check follows the route the router matched', () => {
  it('needs the key on every API route but the public file route and the bank-feed webhooks', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const keyless: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!/^\/[a-z-]+\/api\/v1\//.test(path)) continue;
      for (const method of Object.keys(methods)) {
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { authorization: token },
        });
        if (res.statusCode === 401 && res.json().code === 'INVALID_API_KEY') continue;
        keyless.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(keyless.sort()).toEqual([
      'GET /storage/api/v1/storage/file/{fileId}',
      'POST /payment/api/v1/webhook/casso',
      'POST /payment/api/v1/webhook/sepay',
    ]);
  });

  it('reaches the route with the key, so the addresses below would reach it too', async () => {
    for (const url of [BALANCE, '/bank/api/v1/%62ank', '/%62ank/api/v1/bank', '/bank/%61pi/v1/bank']) {
      const res = await t.request({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it.each([
    ['percent-encoded route segment', '/bank/api/v1/%62ank'],
    ['percent-encoded prefix (once skipped the check)', '/%62ank/api/v1/bank'],
    ['percent-encoded "api"', '/bank/%61pi/v1/bank'],
    ['every letter encoded', '/%62%61%6E%6B/%61%70%69/v1/%62%61%6E%6B'],
    ['the order list, encoded', '/order/api/v1/%6Frder/list'],
    ['the order list, encoded prefix', '/%6Frder/api/v1/order/list'],
  ])('refuses a keyless call through a %s', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(res.statusCode, url).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
  });

  it.each([
    ['doubled slashes', `//bank/api/v1/bank`],
    ['a doubled inner slash', `/bank/api//v1/bank`],
    ['a keyless prefix walked out of', '/storage/api/v1/storage/file/../../../../bank/api/v1/bank'],
    ['an encoded keyless prefix', '/payment/api/v1/webhook/..%2F..%2F..%2Fbank%2Fapi%2Fv1%2Fbank'],
  ])('never answers the balance through %s without the key', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    expect(res.statusCode, url).not.toBe(200);
    expect(res.body).not.toContain('"total"');
  });

  it('refuses a keyless absolute-form request line, as sent on a raw socket', async () => {
    const key = { 'x-api-key': t.config.apiKey };
    for (const target of [
      `http://${origin.host}:${origin.port}${BALANCE}`,
      `http://evil.example${BALANCE}`,
      `http://evil.example/%62ank/api/v1/bank`,
      '/%62ank/api/v1/bank',
    ]) {
      // The router takes the absolute form to the route (with the key, the balance) …
      const reached = await rawRequest(target, { authorization: token, ...key });
      expect(reached.status, target).toBe(200);
      expect(JSON.parse(reached.body), target).toHaveProperty('total');
      // … so the check must follow the route, not the request line.
      const refused = await rawRequest(target, { authorization: token });
      expect(refused.status, target).toBe(401);
      expect(JSON.parse(refused.body).code, target).toBe('INVALID_API_KEY');
    }
  });

  it('keeps the public file route and the webhooks keyless', async () => {
    const file = await t.app.inject({ method: 'GET', url: `/storage/api/v1/storage/file/${'a'.repeat(64)}` });
    expect(file.statusCode).toBe(404);
    expect(file.json().code).not.toBe('INVALID_API_KEY');
    const webhook = await t.app.inject({ method: 'POST', url: '/payment/api/v1/webhook/sepay', payload: {} });
    expect(webhook.json().code).not.toBe('INVALID_API_KEY');
  });

  it('answers an unknown API address with the JSON 404, with or without the key', async () => {
    for (const headers of [{}, { 'x-api-key': t.config.apiKey }]) {
      const res = await t.app.inject({ method: 'GET', url: '/nothing/api/v1/here', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Không tìm thấy đường dẫn yêu cầu', code: 'NOT_FOUND' });
    }
  });

  it('keeps the public catalogue behind the key, as the web app sends it', async () => {
    for (const url of ['/platform/api/v1/platform/list', '/store/api/v1/store/list?platform_id=1']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.request({ method: 'GET', url })).statusCode, url).not.toBe(401);
    }
  });
});

describe('the x-api-key comparison', () => {
  it('refuses a wrong key however close to the right one, and takes the exact key', async () => {
    const key = t.config.apiKey;
    const wrong = ['', key.slice(0, -1), `${key}x`, `${key.slice(0, -1)}X`, key.toUpperCase(), 'x'.repeat(300), `${key}${'x'.repeat(300)}`];
    for (const candidate of wrong) {
      const res = await t.app.inject({ method: 'GET', url: BALANCE, headers: { authorization: token, 'x-api-key': candidate } });
      expect(res.statusCode, JSON.stringify(candidate)).toBe(401);
      expect(res.json().code).toBe('INVALID_API_KEY');
    }
    const right = await t.app.inject({ method: 'GET', url: BALANCE, headers: { authorization: token, 'x-api-key': key } });
    expect(right.statusCode).toBe(200);
  });

  it('holds for keys of any length and of any letters', () => {
    for (const secret of ['k', 'khoá-bí-mật-của-shop', 'x'.repeat(255), 'x'.repeat(256), 'y'.repeat(400)]) {
      const same = secretCheck(secret);
      expect(same(secret), secret).toBe(true);
      for (const candidate of [secret.slice(0, -1), `${secret}x`, `${secret}\u0000`, `#${secret.slice(1)}`, '']) {
        expect(same(candidate), `${secret} / ${candidate}`).toBe(false);
      }
    }
    // The same letters without their accents are another key.
    expect(secretCheck('khoá-bí-mật-của-shop')('khoa-bi-mat-cua-shop')).toBe(false);
  });
});
