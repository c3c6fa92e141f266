import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clearTokens } from '../lib/session';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';
import { sseRoute } from '../test/sse-stub';

vi.setConfig({ testTimeout: 20_000 });

const EVENTS = 'GET /order/api/v1/order/events';
const HEADER = {
  bank: 'GET /bank/api/v1/bank',
  pending: 'GET /order/api/v1/order/count-pending-coin',
  count: 'GET /order/api/v1/order/count',
};

function shopApi(events: ReturnType<typeof sseRoute>) {
  return stubFetch({
    [EVENTS]: events.reply,
    'GET /user/api/v1/user': json({ id: 'u1', name: 'An', picture: null, email: 'an@example.com', is_admin: false, role: null }),
    [HEADER.bank]: json({ total: 500 }),
    [HEADER.pending]: json(0),
    [HEADER.count]: json(2),
    'GET /platform/api/v1/platform/list?keyword=&is_active=true': json([]),
  });
}

/** Signed in, the home page, once its live stream is open. */
async function openSignedIn() {
  signInAs();
  const events = sseRoute();
  const net = shopApi(events);
  renderApp('/');
  await waitFor(() => expect(events.connections).toHaveLength(1));
  return { events, net };
}

/** How many times each of the header's figures has been fetched. */
const headerFetches = (net: ReturnType<typeof shopApi>) => Object.values(HEADER).map((route) => net.sent(route).length);

describe("the customer's live orders", () => {
  it('are not followed by an anonymous visitor', async () => {
    const events = sseRoute();
    const net = shopApi(events);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Lựa chọn trò chơi' });
    await waitFor(() => expect(net.requests.length).toBeGreaterThan(0));
    expect(net.sent(EVENTS)).toHaveLength(0);
  });

  it('ask for the header figures again once after a reconnect, since events may have been missed', async () => {
    // The shortest wait the backoff allows (half of 1 s), so the reconnect comes quickly.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const { events, net } = await openSignedIn();
    await waitFor(() => expect(headerFetches(net)).toEqual([1, 1, 1]));
    events.latest().end();

    await waitFor(() => expect(events.connections).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(headerFetches(net)).toEqual([2, 2, 2]));
  });

  it("fetch the header figures again on a 'reload' event: the server had more missed events than it replays", async () => {
    const { events, net } = await openSignedIn();
    await waitFor(() => expect(headerFetches(net)).toEqual([1, 1, 1]));
    events.latest().send('id: 4242\nevent: reload\ndata: {}\n\n');
    await waitFor(() => expect(headerFetches(net)).toEqual([2, 2, 2]));
    // The same connection goes on.
    expect(events.connections).toHaveLength(1);
  });

  it('stop when the session ends', async () => {
    const { events } = await openSignedIn();
    act(() => clearTokens());
    await waitFor(() => expect(events.latest().cancelled()).toBe(true));
    expect(events.connections).toHaveLength(1);
  });
});
