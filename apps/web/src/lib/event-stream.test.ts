import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type SentRequest } from '../test/fetch-stub';
import { signInAs } from '../test/render-app';
import { sseMessage, sseRoute } from '../test/sse-stub';
import { clearTokens } from './session';
import { followEventStream, type StreamMessage } from './event-stream';

const PATH = '/order/api/v1/order/events';
const EVENTS = `GET ${PATH}`;
const REFRESH = 'POST /auth/api/v1/auth/refresh-token';
const expired = () => apiError(401, 'TOKEN_EXPIRED', 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại');

/** Follows the stream with short waits (no backoff test needs real seconds); stop() aborts it. */
function follow(overrides: { firstDelayMs?: number } = {}) {
  const controller = new AbortController();
  const messages: StreamMessage[] = [];
  const opens: boolean[] = [];
  const done = followEventStream({
    path: PATH,
    signal: controller.signal,
    onMessage: (message) => messages.push(message),
    onOpen: (reconnected) => opens.push(reconnected),
    firstDelayMs: 1,
    ...overrides,
  });
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  return { messages, opens, done, finished: () => finished, stop: () => controller.abort() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('followEventStream', () => {
  it('parses events cut anywhere across chunks, skipping heartbeats, with the API headers', async () => {
    signInAs('access-1');
    const stream = sseRoute();
    const net = stubFetch({ [EVENTS]: stream.reply });
    const live = follow();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    const { send } = stream.latest();
    send('id: 7\nevent: or');
    send('der\ndata: {"id":"a","sta');
    send('tus":1}\n');
    send('\n: ping\n\n');
    send(sseMessage('order', { id: 'b', status: 2 }, 8).slice(0, 5));
    send(sseMessage('order', { id: 'b', status: 2 }, 8).slice(5));

    await vi.waitFor(() => expect(live.messages).toHaveLength(2));
    expect(live.messages).toEqual([
      { event: 'order', id: '7', data: '{"id":"a","status":1}' },
      { event: 'order', id: '8', data: '{"id":"b","status":2}' },
    ]);
    const [request] = net.sent(EVENTS);
    expect(request?.headers).toMatchObject({
      'x-api-key': 'lucky-local-key',
      authorization: 'access-1',
      accept: 'text/event-stream',
    });
    expect(request?.headers).not.toHaveProperty('last-event-id');
    expect(live.opens).toEqual([false]);

    live.stop();
    await live.done;
  });

  it('reconnects when the server ends the stream, sending the last event id seen', async () => {
    signInAs();
    const stream = sseRoute();
    stubFetch({ [EVENTS]: stream.reply });
    const live = follow();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    stream.latest().send(sseMessage('order', { n: 1 }, 41) + sseMessage('order', { n: 2 }, 42));
    stream.latest().end();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(2));
    expect(stream.latest().request.headers['last-event-id']).toBe('42');
    stream.latest().send(sseMessage('order', { n: 3 }, 43));
    await vi.waitFor(() => expect(live.messages.map((m) => m.id)).toEqual(['41', '42', '43']));
    expect(live.opens).toEqual([false, true]);

    live.stop();
    await live.done;
  });

  it('reconnects after the connection breaks mid-stream', async () => {
    signInAs();
    const stream = sseRoute();
    stubFetch({ [EVENTS]: stream.reply });
    const live = follow();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    stream.latest().send(sseMessage('order', {}, 5));
    await vi.waitFor(() => expect(live.messages).toHaveLength(1));
    stream.latest().fail();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(2));
    expect(stream.latest().request.headers['last-event-id']).toBe('5');
    live.stop();
    await live.done;
  });

  it('renews an expired token once, the way every call does, and reconnects with the new one', async () => {
    signInAs('access-old', 'refresh-1');
    const stream = sseRoute();
    let calls = 0;
    const net = stubFetch({
      [EVENTS]: (request: SentRequest) => (calls++ === 0 ? expired() : stream.reply(request)),
      [REFRESH]: json({ access_token: 'access-new', refresh_token: 'refresh-2' }),
    });
    const live = follow();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    expect(net.sent(EVENTS).map((r) => r.headers.authorization)).toEqual(['access-old', 'access-new']);
    expect(net.sent(REFRESH)).toHaveLength(1);
    expect(net.sent(REFRESH)[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(window.localStorage.getItem('accessToken')).toBe('access-new');
    expect(live.opens).toEqual([false]);

    live.stop();
    await live.done;
  });

  it('stops for good on 403, without retrying', async () => {
    signInAs();
    const net = stubFetch({ [EVENTS]: apiError(403, 'FORBIDDEN', 'Bạn không có quyền thực hiện thao tác này') });
    const live = follow();

    await live.done;
    expect(net.sent(EVENTS)).toHaveLength(1);
    expect(live.opens).toEqual([]);
  });

  it('stops on 401 UNAUTHENTICATED and ends the session, as every call does', async () => {
    signInAs();
    const net = stubFetch({ [EVENTS]: apiError(401, 'UNAUTHENTICATED', 'Vui lòng đăng nhập') });
    const live = follow();

    await live.done;
    expect(net.sent(EVENTS)).toHaveLength(1);
    expect(net.sent(REFRESH)).toHaveLength(0);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('stops when the refresh token is refused too', async () => {
    signInAs();
    const net = stubFetch({
      [EVENTS]: expired(),
      [REFRESH]: apiError(401, 'INVALID_REFRESH_TOKEN', 'Phiên đăng nhập đã hết hạn'),
    });
    const live = follow();

    await live.done;
    expect(net.sent(EVENTS)).toHaveLength(1);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not reconnect once signed out', async () => {
    signInAs();
    const stream = sseRoute();
    stubFetch({ [EVENTS]: stream.reply });
    const live = follow();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    clearTokens();
    stream.latest().end();
    await live.done;
    expect(stream.connections).toHaveLength(1);
  });

  it('ends the open connection when its signal aborts', async () => {
    signInAs();
    const stream = sseRoute();
    stubFetch({ [EVENTS]: stream.reply });
    const live = follow();

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    live.stop();
    await live.done;
    expect(live.finished()).toBe(true);
    expect(stream.connections).toHaveLength(1);
  });

  it('waits 1 s doubling up to 30 s between failed tries, and 1 s again after a connection that worked', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The random shortening of each wait (spreading clients after a restart) is left out here.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    signInAs();
    const stream = sseRoute();
    const times: number[] = [];
    const WORKING = 7;
    stubFetch({
      [EVENTS]: (request: SentRequest) => {
        times.push(Date.now());
        return times.length === WORKING ? stream.reply(request) : apiError(503, 'UNAVAILABLE', 'Máy chủ đang bận');
      },
    });
    const live = follow({ firstDelayMs: 1000 });

    const advanceUntil = async (requests: number) => {
      while (times.length < requests) await vi.advanceTimersByTimeAsync(500);
    };
    await advanceUntil(WORKING);
    stream.latest().end();
    await advanceUntil(WORKING + 2);

    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 1000, 2000]);

    live.stop();
    await live.done;
  });

  it('reopens a stream that stays silent past its heartbeats (a half-open connection)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signInAs();
    const stream = sseRoute();
    stubFetch({ [EVENTS]: stream.reply });
    const live = follow();

    while (stream.connections.length < 1) await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(30_000);
    stream.latest().send(': ping\n\n');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(stream.connections).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1_100);
    expect(stream.connections[0]?.cancelled()).toBe(true);
    expect(stream.connections).toHaveLength(2);
    live.stop();
    while (!live.finished()) await vi.advanceTimersByTimeAsync(10);
  });

  it('reconnects at once when the page becomes visible again: a frozen connection, or a long pause', async () => {
    signInAs();
    const stream = sseRoute();
    stubFetch({ [EVENTS]: stream.reply });
    // A pause of a minute after the stream ends: only becoming visible brings it back within the test.
    const live = follow({ firstDelayMs: 60_000 });
    const becomeVisible = () => document.dispatchEvent(new Event('visibilitychange'));

    await vi.waitFor(() => expect(stream.connections).toHaveLength(1));
    stream.latest().send(sseMessage('order', {}, 9));
    await vi.waitFor(() => expect(live.messages).toHaveLength(1));
    // Back from another app: the connection that may no longer deliver is replaced, from the last event.
    becomeVisible();
    await vi.waitFor(() => expect(stream.connections).toHaveLength(2));
    expect(stream.connections[0]!.cancelled()).toBe(true);
    expect(stream.latest().request.headers['last-event-id']).toBe('9');
    await vi.waitFor(() => expect(live.opens).toEqual([false, true]));

    stream.latest().end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.connections).toHaveLength(2);
    becomeVisible();
    await vi.waitFor(() => expect(stream.connections).toHaveLength(3));
    live.stop();
    await live.done;
  });
});
