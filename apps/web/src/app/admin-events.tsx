/**
 * The console's live feed (GET /order/api/v1/admin/order/events): orders and bank transfers change on
 * screen without a reload, and what needs staff — a paid order, a new coin order, a transfer that
 * matched no order, a bank feed whose pulls have failed for an hour — raises a toast, a beep and, when
 * allowed, a browser notification.
 */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  adminFeedEvent,
  adminOrderEvent,
  adminTransferEvent,
  EVENT_CAUSES,
  EVENT_KINDS,
  LIVE_RELOAD_EVENT,
  formatNumber,
  formatVnd,
  PAY_METHOD,
  TRANSFER_REASON_LABELS,
  TRANSFER_STATUS,
  type AdminFeedEvent,
  type AdminOrderEvent,
  type AdminTransferEvent,
  type TransferReason,
} from '@lucky/shared';
import { useToast } from '../components/ui/toast';
import { ORDERS_KEY } from '../features/admin-orders/api';
import { applyAdminOrderUpdate } from '../features/admin-orders/live';
import { ADMIN_QUERY_KEY } from '../lib/admin-api';
import { beep, canAskForNotifications, notify, unlockAudio } from '../lib/attention';
import { followEventStream } from '../lib/event-stream';

export const ADMIN_EVENTS_PATH = '/order/api/v1/admin/order/events';
/** The dashboard's figures (features/admin-dashboard/api.ts). */
const DASHBOARD_KEY = [...ADMIN_QUERY_KEY, 'dashboard'] as const;
/** Everything the bank transfers page caches (features/admin-payments). */
const TRANSFERS_KEY = [...ADMIN_QUERY_KEY, 'transfers'] as const;
const NOTIFICATION_TITLE = 'Lucky Shop – Quản trị';

interface StaffAlert {
  message: string;
  /** One browser notification per order or transfer: a later one replaces it. */
  tag: string;
  urgent: boolean;
}

/** The alert an order event raises, or null when it needs no one yet. */
export function orderAlert({ cause, order }: AdminOrderEvent): StaffAlert | null {
  if (cause === EVENT_CAUSES.PAID) {
    return {
      message: `Đơn ${order.code} đã được thanh toán ${formatVnd(order.total_price)}`,
      tag: order.id,
      urgent: false,
    };
  }
  if (cause === EVENT_CAUSES.PLACED && order.pay_method === PAY_METHOD.COIN) {
    return {
      message: `Đơn mới ${order.code} thanh toán bằng coin (${formatNumber(order.total_coin)} coin)`,
      tag: order.id,
      urgent: false,
    };
  }
  return null;
}

/** The alert a transfer event raises: only a received transfer that matched no order needs staff. */
export function transferAlert({ cause, transfer }: AdminTransferEvent): StaffAlert | null {
  if (cause !== EVENT_CAUSES.RECEIVED || transfer.status !== TRANSFER_STATUS.UNMATCHED) return null;
  const reason = TRANSFER_REASON_LABELS[transfer.reason as TransferReason];
  return {
    message: `Giao dịch ${formatVnd(transfer.amount_vnd)} chưa khớp đơn nào${reason ? `: ${reason}` : ''}`,
    tag: transfer.id,
    urgent: true,
  };
}

const FEED_NAMES = { sepay: 'SePay', casso: 'Casso' } as const;

/** A bank feed's pulls failed for an hour (once per failing spell), or work again. */
export function feedAlert({ cause, feed }: AdminFeedEvent): StaffAlert | null {
  const name = FEED_NAMES[feed.provider];
  if (cause === EVENT_CAUSES.FEED_FAILING) {
    return {
      message: `Không đối soát được với ${name} đã hơn 1 giờ: ${feed.last_error || 'lỗi không rõ'}`,
      tag: `feed-${feed.provider}`,
      urgent: true,
    };
  }
  if (cause === EVENT_CAUSES.FEED_RECOVERED) {
    return { message: `Đối soát với ${name} đã hoạt động lại`, tag: `feed-${feed.provider}`, urgent: false };
  }
  return null;
}

/** After a gap in the stream: whatever changed meanwhile is fetched again. */
function refreshAll(queryClient: QueryClient): void {
  for (const queryKey of [ORDERS_KEY, DASHBOARD_KEY, TRANSFERS_KEY]) void queryClient.invalidateQueries({ queryKey });
}

/** An event's data read with its schema: null when it does not fit. */
function readData<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } },
  data: string,
): T | null {
  const parsed = schema.safeParse(JSON.parse(data));
  return parsed.success ? parsed.data : null;
}

/** Follows the admin stream while mounted (the console frame, for admins only). */
export function AdminEvents() {
  const queryClient = useQueryClient();
  const { showError, showSuccess } = useToast();

  useEffect(() => {
    const controller = new AbortController();
    const raise = (alert: StaffAlert | null) => {
      if (!alert) return;
      // An unmatched transfer is money no order took: the red toast, read out at once.
      if (alert.urgent) showError(alert.message);
      else showSuccess(alert.message);
      beep();
      notify(NOTIFICATION_TITLE, alert.message, alert.tag);
    };

    void followEventStream({
      path: ADMIN_EVENTS_PATH,
      signal: controller.signal,
      onOpen: (reconnected) => {
        if (reconnected) refreshAll(queryClient);
      },
      onMessage: ({ event, data }) => {
        // More was missed than the server replays: everything on screen is fetched again.
        if (event === LIVE_RELOAD_EVENT) {
          refreshAll(queryClient);
          return;
        }
        const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
        if (event === EVENT_KINDS.ORDER) {
          const order = readData(adminOrderEvent, data);
          if (!order) return;
          applyAdminOrderUpdate(queryClient, order.order);
          invalidate(DASHBOARD_KEY);
          raise(orderAlert(order));
        } else if (event === EVENT_KINDS.TRANSFER) {
          const transfer = readData(adminTransferEvent, data);
          if (!transfer) return;
          invalidate(TRANSFERS_KEY);
          // Its refunds-due figure counts unmatched transfers.
          invalidate(DASHBOARD_KEY);
          raise(transferAlert(transfer));
        } else if (event === EVENT_KINDS.FEED) {
          const feed = readData(adminFeedEvent, data);
          if (!feed) return;
          // The transfers page shows where each feed's pulls stand.
          invalidate(TRANSFERS_KEY);
          raise(feedAlert(feed));
        }
      },
    });

    // Browsers let a page play sound only after a gesture: the admin's first click enables the beep.
    document.addEventListener('pointerdown', unlockAudio, { once: true });
    return () => {
      controller.abort();
      document.removeEventListener('pointerdown', unlockAudio);
    };
  }, [queryClient, showError, showSuccess]);

  return null;
}

/** Offers browser notifications until the admin has answered the browser's question. */
export function NotificationButton() {
  const [askable, setAskable] = useState(canAskForNotifications);
  if (!askable) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => {
        unlockAudio();
        Notification.requestPermission().then(
          () => setAskable(canAskForNotifications()),
          () => setAskable(false),
        );
      }}
    >
      Bật thông báo trình duyệt
    </Button>
  );
}
