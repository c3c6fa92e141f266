import { useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ORDER_PAGE_SIZE } from '@lucky/shared/constants';
import { pageCount } from '@lucky/shared/money';
import { STOREFRONT_TEXTS, TEXTS } from '@lucky/shared/texts';
import { Skeleton } from '../../../components/frame/icons';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { RetryMessage } from '../../../components/ui/retry-message';
import { orderListPath, pageFrom, useOrderList } from '../api';
import { OrderCard } from './order-card';
import { OrderPagination } from './order-pagination';
import { SignInRequired } from './sign-in-required';

const pageHref = (page: number) => (page === 1 ? '/gameorder' : `/gameorder?page=${page}`);

/** /gameorder (docs/product.md §2): the customer's orders, 10 a page; the page is in the address so Back works. */
export function OrderListPage() {
  usePageTitle(TEXTS.orderList);
  const [params] = useSearchParams();
  return (
    <SignInRequired outline={<OrderListOutline />} dataPath={orderListPath(pageFrom(params))}>
      <OrderList />
    </SignInRequired>
  );
}

function ListSkeleton() {
  return (
    <div aria-busy="true" className="ls-stack">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={120} />
      ))}
    </div>
  );
}

/** What the server's HTML shows before the session is known: the heading and the list's shapes. */
function OrderListOutline() {
  return (
    <div>
      <h1 className="ls-h4 ls-page-title">{TEXTS.orderList}</h1>
      <ListSkeleton />
    </div>
  );
}

function OrderList() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const list = useOrderList(page);
  const top = useRef<HTMLHeadingElement>(null);

  const pages = list.data ? pageCount(list.data.total, ORDER_PAGE_SIZE) : 0;

  return (
    <div>
      <h1 ref={top} className="ls-h4 ls-page-title">
        {TEXTS.orderList}
      </h1>

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <RetryMessage className="ls-retry ls-retry-wide" onRetry={() => void list.refetch()}>
          Không tải được danh sách đơn hàng.
        </RetryMessage>
      ) : list.data.total === 0 ? (
        <div role="status" className="ls-stack ls-orders-empty">
          <p className="ls-h6">{STOREFRONT_TEXTS.noOrders}</p>
          <RouterLink to="/" className="ls-button ls-button-contained">
            {TEXTS.chooseGame}
          </RouterLink>
        </div>
      ) : (
        <>
          {list.data.rows.length === 0 ? (
            <div className="ls-stack ls-orders-past-end">
              <p className="ls-body1">Trang này không có đơn hàng nào.</p>
              <RouterLink to={pageHref(1)} className="ls-button ls-button-outlined">
                Về trang đầu
              </RouterLink>
            </div>
          ) : (
            <ul
              aria-label={TEXTS.orderList}
              className="ls-stack ls-order-list"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              {list.data.rows.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
          )}
          {pages >= 1 && (
            <OrderPagination
              count={pages}
              page={Math.min(page, pages)}
              href={pageHref}
              onNavigate={() => top.current?.scrollIntoView?.({ block: 'start' })}
            />
          )}
        </>
      )}
    </div>
  );
}
