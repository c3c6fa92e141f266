/**
 * SePay's transaction list for the journeys: `GET /userapi/transactions/list` with `Authorization: Bearer
 * <token>`, answering rows in SePay's own shape (decimal-string amounts, oldest id first). The e2e server's
 * SEPAY_API_URL and SEPAY_API_TOKEN (playwright.config.ts) point here; a journey starts it on that port and
 * posts the transactions the bank "received".
 */
import http from 'node:http';

export const SEPAY_LIST_PORT = 8093;
export const SEPAY_API_TOKEN = 'e2e-sepay-api-token-0123456789';

export interface SepayListStandIn {
  /** The bank posts a transaction: it is in SePay's list from now on (its webhook never comes). */
  add(transaction: { id: number; amountVnd: number; memo: string; account: string }): void;
  close(): Promise<void>;
}

const bankTime = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short', timeStyle: 'medium' }).format(at);

export async function startSepayListStandIn(): Promise<SepayListStandIn> {
  const rows: Record<string, string | null>[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/userapi/transactions/list') return reply(404, { status: 404, error: 'Not found' });
    if (req.headers.authorization !== `Bearer ${SEPAY_API_TOKEN}`) {
      return reply(401, { status: 401, error: 'Unauthorized', messages: { success: false } });
    }
    const account = url.searchParams.get('account_number');
    const sinceId = Number(url.searchParams.get('since_id') ?? 0);
    const dateMin = url.searchParams.get('transaction_date_min') ?? '';
    const limit = Number(url.searchParams.get('limit') ?? 5000);
    const transactions = rows
      .filter((row) => (!account || row.account_number === account) && Number(row.id) >= sinceId && row.transaction_date! >= dateMin)
      .sort((a, b) => Number(a.id) - Number(b.id))
      .slice(0, limit);
    return reply(200, { status: 200, error: null, messages: { success: true }, transactions });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SEPAY_LIST_PORT, '127.0.0.1', resolve);
  });
  return {
    add({ id, amountVnd, memo, account }) {
      rows.push({
        id: String(id),
        bank_brand_name: 'Vietcombank',
        account_number: account,
        transaction_date: bankTime(new Date()),
        amount_out: '0.00',
        amount_in: `${amountVnd}.00`,
        accumulated: '50000000.00',
        transaction_content: memo,
        reference_number: `FT${id}`,
        code: null,
        sub_account: null,
        bank_account_id: '19',
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
