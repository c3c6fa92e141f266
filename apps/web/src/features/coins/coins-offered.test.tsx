import { Profiler, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { json, stubFetch } from '../../test/fetch-stub';
import { signInAs } from '../../test/render-app';
import { useCoinsOffered } from './api';
import { CoinBalance } from './components/coin-balance';
import { CoinsHeld } from './components/coins-held';

/** What each commit of the page's own part showed. */
const seen: string[] = [];

/** Like the platform page: it needs only whether coins can pay, not the figure. */
function Offered() {
  return <p>{useCoinsOffered() ? 'trả bằng coin được' : 'chỉ chuyển khoản'}</p>;
}

function Page() {
  return (
    <main>
      <Profiler id="page" onRender={() => seen.push(document.querySelector('main p')?.textContent ?? '')}>
        <Offered />
      </Profiler>
      <CoinsHeld />
    </main>
  );
}

/** Signed in, with the two calls answered as given. */
function renderSignedIn(ui: ReactNode, { total, pending }: { total: number; pending: number }) {
  signInAs();
  stubFetch({
    'GET /bank/api/v1/bank': json({ total }),
    'GET /order/api/v1/order/count-pending-coin': json(pending),
  });
  render(<QueryClientProvider client={createQueryClient(() => {})}>{ui}</QueryClientProvider>);
}

describe('coins offered beside the payment toggles', () => {
  afterEach(() => {
    window.localStorage.clear();
    seen.length = 0;
  });

  it('shows the coins held once both calls answer; the page renders again once, not for each call', async () => {
    renderSignedIn(<Page />, { total: 5_000, pending: 1_200 });
    expect(screen.getByText('chỉ chuyển khoản')).toBeInTheDocument();
    expect(await screen.findByText('Số coin hiện có: 3.800')).toBeInTheDocument();
    expect(screen.getByText('trả bằng coin được')).toBeInTheDocument();
    // Observing the two calls (as CoinsHeld does), the page would render for each start and each answer.
    expect(seen).toEqual(['chỉ chuyển khoản', 'trả bằng coin được']);
  });

  it('offers no coins while the pending coins exceed the total, and shows none beside the toggles', async () => {
    renderSignedIn(
      <>
        <CoinBalance />
        <Page />
      </>,
      { total: 500, pending: 900 },
    );
    // The header's figure: both calls have answered.
    await waitFor(() => expect(screen.getByTitle('Số coin của bạn')).toHaveTextContent('-400'));
    expect(screen.getByText('chỉ chuyển khoản')).toBeInTheDocument();
    expect(screen.queryByText(/Số coin hiện có/)).not.toBeInTheDocument();
    expect(seen).toEqual(['chỉ chuyển khoản']);
  });
});
