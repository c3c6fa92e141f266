import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { CONTACT_SUPPORT_AFTER_MINUTES } from '@lucky/shared/constants';
import { order as orderSchema, type Order } from '@lucky/shared/guards';
import { formatNumber, formatVnd } from '@lucky/shared/money';
import { ORDER_STATUS, orderStatusLabel } from '@lucky/shared/order-status';
import { PAY_METHOD, payMethodLabel } from '@lucky/shared/pay-method';
import { STOREFRONT_TEXTS, TEXTS } from '@lucky/shared/texts';
import { Skeleton } from '../../../components/frame/icons';
import { useToast } from '../../../components/ui/toast';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { orderPath, useOrder } from '../api';
import { formatOrderTime } from '../format';
import { BankTransferBlock } from './bank-transfer-block';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { PushOptIn } from './push-opt-in';
import { ResultPictures } from './result-pictures';
import { SignInRequired } from './sign-in-required';

/** The order a navigation brought along (`navigate(to, { state: { order } })`), if it is this page's order. */
function orderFromState(state: unknown, id: string): Order | null {
  if (typeof state !== 'object' || state === null || !('order' in state)) return null;
  const parsed = orderSchema.safeParse(state.order);
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}

/**
 * /gameorder/:id (docs/product.md §2). The order comes in the navigation state; after a reload or from a link it
 * is fetched by id. Either way it is shown from the query cache, which live events keep current.
 */
export function OrderDetailPage() {
  usePageTitle(STOREFRONT_TEXTS.orderDetail);
  const { id = '' } = useParams();
  return (
    <SignInRequired outline={<OrderOutline />} dataPath={orderPath(id)}>
      <OrderDetailLoader />
    </SignInRequired>
  );
}

function OrderDetailLoader() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { showError } = useToast();
  const fromState = orderFromState(location.state, id);
  const fetched = useOrder(id, fromState ?? undefined);
  const missing = fetched.error instanceof ApiError && fetched.error.status === 404;

  // docs/product.md §8: a failed call shows its message; a missing order is told on the page itself instead.
  useEffect(() => {
    if (fetched.error && !missing) showError(fetched.error);
  }, [fetched.error, missing, showError]);

  const current = fetched.data;
  if (current) return <OrderDetail key={current.id} order={current} />;
  if (missing) return <OrderNotFound />;
  if (fetched.isError) {
    return (
      <div className="ls-stack-page">
        <h1 className="ls-h4">{STOREFRONT_TEXTS.orderDetail}</h1>
        <p className="ls-body1">Không tải được đơn hàng.</p>
        <button type="button" className="ls-button ls-button-outlined" onClick={() => void fetched.refetch()}>
          Thử lại
        </button>
      </div>
    );
  }
  return <OrderOutline />;
}

/** The order's heading and shapes: while it loads, and in the server's HTML (the session is the browser's). */
function OrderOutline() {
  return (
    <div aria-busy="true">
      <h1 className="ls-h4" style={{ marginBottom: 24 }}>
        {STOREFRONT_TEXTS.orderDetail}
      </h1>
      <Skeleton variant="rounded" height={120} style={{ marginBottom: 16 }} />
      <Skeleton variant="rounded" height={280} />
    </div>
  );
}

function OrderNotFound() {
  return (
    <div className="ls-stack-page">
      <h1 className="ls-h4">{STOREFRONT_TEXTS.orderNotFound}</h1>
      <p className="ls-body1">{STOREFRONT_TEXTS.orderNotFoundHint}</p>
      <RouterLink to="/gameorder" className="ls-button ls-button-contained">
        {TEXTS.viewOrderList}
      </RouterLink>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `section-${title.replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="ls-paper-outlined ls-order-section">
      <h2 id={headingId} className="ls-h6 ls-strong ls-order-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SupportNote() {
  return (
    <p className="ls-body1 ls-support-note">
      {STOREFRONT_TEXTS.contactSupport(CONTACT_SUPPORT_AFTER_MINUTES)}{' '}
      <a href={config.support.chat_url} target="_blank" rel="noopener noreferrer" className="ls-link">
        Nhắn tin cho shop (mở trong thẻ mới)
      </a>
    </p>
  );
}

/** What screen readers are told, politely, when a live update moves the order on screen. */
function useStatusAnnouncement(status: number): string {
  const [seen, setSeen] = useState(status);
  const [announcement, setAnnouncement] = useState('');
  // Adjusted while rendering (not in an effect), so the text arrives with the change it tells of.
  if (status !== seen) {
    setSeen(status);
    setAnnouncement(STOREFRONT_TEXTS.orderStatusChanged(orderStatusLabel(status)));
  }
  return announcement;
}

function OrderDetail({ order }: { order: Order }) {
  const navigate = useNavigate();
  const announcement = useStatusAnnouncement(order.status);
  const pending = order.status === ORDER_STATUS.PENDING;
  const byCoin = order.pay_method === PAY_METHOD.COIN;
  // A bank order moves to 'Đang xử lý' when its payment arrives (docs/product.md §4).
  const paidByBank = !byCoin && order.status === ORDER_STATUS.PROCESSING;
  const account = order.order_account ? `Tài khoản: ${order.order_account}` : order.order_uid ? `UID: ${order.order_uid}` : '';
  // The order's own promise (its due_at, the 16:00 deadline with the lead time); an unpaid bank order's starts
  // when its money arrives (docs/decisions/0008, 0022).
  const open = pending || order.status === ORDER_STATUS.PROCESSING;
  const dueText = pending && !byCoin ? STOREFRONT_TEXTS.orderDueAfterPayment : STOREFRONT_TEXTS.orderDueAt(formatOrderTime(order.due_at));

  return (
    <div className="ls-order-detail">
      <div>
        {/* Present from the start: a live region added together with its text is not reliably read out. */}
        <div className="ls-visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>
        <h1 className="ls-h4 ls-order-title">{STOREFRONT_TEXTS.orderDetail}</h1>
        <div className="ls-order-code">
          <p className="ls-body1 ls-strong">
            Mã đơn: <span className="ls-mono">{order.code}</span>
          </p>
          <OrderStatusBadge status={order.status} />
        </div>
      </div>

      <div className="ls-paper-outlined ls-order-section">
        <dl className="ls-order-terms">
          <Term label="Trò chơi" value={order.platform_name} />
          <Term label="Thời gian đặt" value={formatOrderTime(order.created_at)} />
          {open && <Term label="Hạn hoàn thành" value={dueText} />}
          <Term label="Thanh toán" value={payMethodLabel(order.pay_method)} />
          <Term label="Tên" value={order.order_bank_name} />
          <Term label="Server" value={[order.order_server, account].filter(Boolean).join(' · ')} />
          {order.order_contact && <Term label="Liên hệ" value={order.order_contact} />}
          {order.order_comment && <Term label="Ghi chú" value={order.order_comment} />}
        </dl>

        <div className="ls-table-scroll">
          <table className="ls-table" aria-label="Sản phẩm trong đơn">
            <thead>
              <tr>
                <th>Sản phẩm</th>
                <th className="ls-align-right">Số lượng</th>
                <th className="ls-align-right">Giá</th>
                <th className="ls-align-right">Coin</th>
              </tr>
            </thead>
            <tbody>
              {order.stores.map((line, index) => (
                <tr key={`${line.store_id}-${index}`}>
                  <td>{line.name || TEXTS.itemNameFallback}</td>
                  <td className="ls-align-right">{line.quantity}</td>
                  <td className="ls-align-right">{formatVnd(line.price)}</td>
                  <td className="ls-align-right">{formatNumber(line.coin)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <hr className="ls-divider ls-cart-rule" />
        <dl className="ls-order-totals">
          <Term label="Tổng tiền" value={formatVnd(order.total_price)} strong />
          <Term label="Tổng coin" value={`${formatNumber(order.total_coin)} coin`} />
          <Term label="Coin tặng" value={`+${formatNumber(order.total_gift_coin)}`} />
        </dl>
      </div>

      {pending && byCoin && (
        <Section title="Theo dõi đơn hàng">
          <p className="ls-body1">{STOREFRONT_TEXTS.coinTracking}</p>
          <SupportNote />
        </Section>
      )}

      {pending && !byCoin && (
        <Section title="Thanh toán chuyển khoản">
          <p className="ls-body1" style={{ marginBottom: 16 }}>
            {STOREFRONT_TEXTS.bankPayment}
          </p>
          <BankTransferBlock order={order} bank={config.bank} />
          <SupportNote />
        </Section>
      )}

      {paidByBank && (
        <Section title="Thanh toán chuyển khoản">
          <p className="ls-body1">{STOREFRONT_TEXTS.bankPaid}</p>
        </Section>
      )}

      {/* Until the order is finished: notifications of what happens to it next. */}
      {(pending || order.status === ORDER_STATUS.PROCESSING) && <PushOptIn />}

      <Section title={TEXTS.adminReply}>
        {order.result_comment ? (
          <p className="ls-body1 ls-anywhere" style={{ whiteSpace: 'pre-line' }}>
            {order.result_comment}
          </p>
        ) : (
          <p className="ls-body1">{STOREFRONT_TEXTS.noAdminReply}</p>
        )}
      </Section>

      {!pending && (
        <Section title={TEXTS.resultPictures}>
          <ResultPictures pictures={order.result_picture} />
        </Section>
      )}

      <div>
        <button
          type="button"
          className="ls-button ls-button-contained"
          onClick={async () => {
            // docs/product.md §2: home first, then the list.
            await navigate('/');
            await navigate('/gameorder');
          }}
        >
          {TEXTS.viewOrderList}
        </button>
      </div>
    </div>
  );
}

function Term({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <dt className="ls-body1">{label}</dt>
      <dd className={strong ? 'ls-body1 ls-anywhere ls-strong ls-primary-text' : 'ls-body1 ls-anywhere ls-term-value'}>{value || '—'}</dd>
    </>
  );
}
