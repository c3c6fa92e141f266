import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { TEST_API_KEY, testConfig } from '../test/harness.js';

let dir: string;
let app: FastifyInstance;
let database: Database;
const script = 'console.log("lucky shop");'.repeat(50);

beforeAll(async () => {
  // A stand-in for the built web app: index.html and one fingerprinted asset with its compressed twins.
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lucky-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Lucky</title></head><body><div id="root"></div></body></html>');
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js'), script);
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const config = { ...testConfig({ WEB_DIST: dir, BANK_ACCOUNT_NUMBER: '99887766' }), database: { kind: 'pglite' as const, dataDir: null } };
  database = await openDatabase(config);
  app = await buildApp(config, { database, serveWeb: true });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers / and every client route with index.html carrying the public settings, never cached', async () => {
    for (const url of ['/', '/item/3', '/gameorder/abc', '/admin/orders']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const config = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!);
      expect(config).toMatchObject({ api_key: TEST_API_KEY, demo_sign_in: true, bank: { account_number: '99887766' } });
      // Public settings only: no secret leaves the server.
      expect(res.body).not.toContain(app.ctx.config.auth.jwtSecret);
      expect(res.body).not.toContain(app.ctx.config.secretKey);
    }
  });

  it('serves fingerprinted assets pre-compressed, with immutable caching', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('caches other static files for an hour only', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const apiMiss = await app.inject({ method: 'GET', url: '/order/api/v1/nothing', headers: { 'x-api-key': TEST_API_KEY } });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json().code).toBe('NOT_FOUND');
    const fileMiss = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(fileMiss.statusCode).toBe(404);
    expect(fileMiss.headers['content-type']).toContain('application/json');
  });
});
