import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the API frame', () => {
  it('refuses an API call without the x-api-key header, in Vietnamese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/platform/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Thiếu hoặc sai khoá API (x-api-key)', code: 'INVALID_API_KEY' });
  });

  it('refuses a wrong x-api-key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bank/api/v1/bank', headers: { 'x-api-key': 'nope' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
  });

  it('answers an unknown API path with a JSON 404 in Vietnamese', async () => {
    const res = await t.request({ method: 'GET', url: '/nothing/api/v1/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Không tìm thấy đường dẫn yêu cầu', code: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
