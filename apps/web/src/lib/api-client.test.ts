import { describe, expect, it } from 'vitest';
import { walletResponse } from '@lucky/shared';
import { apiError, inTurn, json, stubFetch } from '../test/fetch-stub';
import { signInAs } from '../test/render-app';
import { api, ApiError } from './api-client';

const BANK = 'GET /bank/api/v1/bank';
const REFRESH = 'POST /auth/api/v1/auth/refresh-token';
const expired = () => apiError(401, 'TOKEN_EXPIRED', 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại');

const stored = () => ({
  access: window.localStorage.getItem('accessToken'),
  refresh: window.localStorage.getItem('refreshToken'),
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('sends the API key and the stored access token as-is, without "Bearer"', async () => {
    signInAs('access-abc');
    const net = stubFetch({ [BANK]: json({ total: 5 }) });

    await api.get('/bank/api/v1/bank');

    const [request] = net.sent(BANK);
    expect(request?.headers['x-api-key']).toBe('lucky-local-key');
    expect(request?.headers.authorization).toBe('access-abc');
  });

  it('sends no authorization header when signed out, and posts JSON', async () => {
    const net = stubFetch({ 'POST /auth/api/v1/auth/demo-sign-in': json({ access_token: 'a', refresh_token: 'r' }) });

    await api.post('/auth/api/v1/auth/demo-sign-in', { user_access_token: 'an@example.com' });

    const [request] = net.requests;
    expect(request?.headers).not.toHaveProperty('authorization');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({ user_access_token: 'an@example.com' });
  });

  it('unwraps a success to its body, parsed with the shared schema', async () => {
    stubFetch({ [BANK]: json({ total: 1234567 }) });
    await expect(api.get('/bank/api/v1/bank', walletResponse)).resolves.toEqual({ total: 1234567 });
  });

  it('refuses a body that breaks the contract with the generic message', async () => {
    stubFetch({ [BANK]: json({ total: 'nhiều' }) });
    const error = await failure(api.get('/bank/api/v1/bank', walletResponse));
    expect(error.message).toBe('Lỗi không mong muốn');
  });

  it('parses with a schema that loads while the call is under way, contract breaks included', async () => {
    stubFetch({ [BANK]: inTurn(json({ total: 7 }), json({ total: 'nhiều' })) });
    const loading = () => import('@lucky/shared/schemas').then((schemas) => schemas.walletResponse);
    await expect(api.get('/bank/api/v1/bank', loading())).resolves.toEqual({ total: 7 });
    const error = await failure(api.get('/bank/api/v1/bank', loading()));
    expect(error.code).toBe('BAD_RESPONSE');
  });

  it("throws ApiError with the API's status, code and message", async () => {
    stubFetch({ 'POST /order/api/v1/order': apiError(409, 'NOT_ENOUGH_COINS', 'Số coin của bạn không đủ') });
    const error = await failure(api.post('/order/api/v1/order', {}));
    expect(error).toMatchObject({ status: 409, code: 'NOT_ENOUGH_COINS', message: 'Số coin của bạn không đủ' });
  });

  it("falls back to 'Lỗi không mong muốn' when the failure carries no message", async () => {
    stubFetch({ [BANK]: new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await failure(api.get('/bank/api/v1/bank'));
    expect(error).toMatchObject({ status: 502, message: 'Lỗi không mong muốn' });
  });

  it('turns a network failure into a Vietnamese ApiError', async () => {
    stubFetch({
      [BANK]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await failure(api.get('/bank/api/v1/bank'));
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Không kết nối được máy chủ/);
  });

  describe('when the access token has expired', () => {
    it('refreshes once for calls failing together, stores the new pair and retries each call once', async () => {
      signInAs('old-access', 'old-refresh');
      const net = stubFetch({
        [BANK]: (request) => (request.headers.authorization === 'new-access' ? json({ total: 7 }) : expired()),
        'GET /order/api/v1/order/count': (request) =>
          request.headers.authorization === 'new-access' ? json(3) : expired(),
        [REFRESH]: json({ access_token: 'new-access', refresh_token: 'new-refresh' }),
      });

      const [bank, count] = await Promise.all([
        api.get('/bank/api/v1/bank', walletResponse),
        api.get('/order/api/v1/order/count'),
      ]);

      expect(bank).toEqual({ total: 7 });
      expect(count).toBe(3);
      expect(net.sent(REFRESH)).toHaveLength(1);
      expect(net.sent(REFRESH)[0]?.body).toEqual({ refresh_token: 'old-refresh' });
      expect(net.sent(BANK).map((r) => r.headers.authorization)).toEqual(['old-access', 'new-access']);
      expect(stored()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
    });

    it('retries only once: a second expiry is passed on', async () => {
      signInAs('old-access', 'old-refresh');
      const net = stubFetch({
        [BANK]: expired(),
        [REFRESH]: json({ access_token: 'new-access', refresh_token: 'new-refresh' }),
      });

      const error = await failure(api.get('/bank/api/v1/bank'));

      expect(error.code).toBe('TOKEN_EXPIRED');
      expect(net.sent(BANK)).toHaveLength(2);
      expect(net.sent(REFRESH)).toHaveLength(1);
    });

    it('signs out (clears both tokens) and throws when the refresh is refused', async () => {
      signInAs('old-access', 'old-refresh');
      stubFetch({
        [BANK]: expired(),
        [REFRESH]: apiError(401, 'INVALID_REFRESH_TOKEN', 'Phiên đăng nhập không hợp lệ, vui lòng đăng nhập lại'),
      });

      const error = await failure(api.get('/bank/api/v1/bank'));

      expect(error).toMatchObject({ status: 401, message: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại' });
      expect(stored()).toEqual({ access: null, refresh: null });
    });

    it('signs out when there is no refresh token to try', async () => {
      window.localStorage.setItem('accessToken', 'old-access');
      const net = stubFetch({ [BANK]: expired() });

      await failure(api.get('/bank/api/v1/bank'));

      expect(net.sent(REFRESH)).toHaveLength(0);
      expect(stored()).toEqual({ access: null, refresh: null });
    });

    it('keeps the session when the refresh could not reach the server', async () => {
      signInAs('old-access', 'old-refresh');
      stubFetch({
        [BANK]: expired(),
        [REFRESH]: () => {
          throw new TypeError('Failed to fetch');
        },
      });

      const error = await failure(api.get('/bank/api/v1/bank'));

      expect(error.status).toBe(0);
      expect(stored()).toEqual({ access: 'old-access', refresh: 'old-refresh' });
    });

    it('refreshes again for a later expiry', async () => {
      signInAs('a1', 'r1');
      const net = stubFetch({
        [BANK]: (request) =>
          request.headers.authorization === 'a1' || request.headers.authorization === 'a2'
            ? expired()
            : json({ total: 1 }),
        [REFRESH]: inTurn(
          json({ access_token: 'a2', refresh_token: 'r2' }),
          json({ access_token: 'a3', refresh_token: 'r3' }),
        ),
      });

      await expect(api.get('/bank/api/v1/bank')).rejects.toThrow(ApiError);
      await expect(api.get('/bank/api/v1/bank')).resolves.toEqual({ total: 1 });

      expect(net.sent(REFRESH).map((r) => r.body)).toEqual([{ refresh_token: 'r1' }, { refresh_token: 'r2' }]);
      expect(stored()).toEqual({ access: 'a3', refresh: 'r3' });
    });
  });

  it('signs out when the server no longer accepts the access token', async () => {
    signInAs('forged', 'refresh');
    stubFetch({
      'GET /user/api/v1/user': apiError(401, 'UNAUTHENTICATED', 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại'),
    });

    await failure(api.get('/user/api/v1/user'));

    expect(stored()).toEqual({ access: null, refresh: null });
  });

  it('keeps the session when the API key is refused', async () => {
    signInAs('access', 'refresh');
    stubFetch({ [BANK]: apiError(401, 'INVALID_API_KEY', 'Thiếu hoặc sai khoá API (x-api-key)') });

    await failure(api.get('/bank/api/v1/bank'));

    expect(stored()).toEqual({ access: 'access', refresh: 'refresh' });
  });
});
