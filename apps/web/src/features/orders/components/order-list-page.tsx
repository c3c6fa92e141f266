import { useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ORDER_PAGE_SIZE, pageCount, STOREFRONT_TEXTS, TEXTS } from '@lucky/shared';
import { paginationItemLabel } from '../../../components/ui/pagination-label';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { useOrderList } from '../api';
import { OrderCard } from './order-card';
import { SignInRequired } from './sign-in-required';

/** The page in `?page=`, 1 when absent or not a page number. */
function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const pageHref = (page: number) => (page === 1 ? '/gameorder' : `/gameorder?page=${page}`);

/** /gameorder (spec §2): the customer's orders, 10 a page; the page is in the address so Back works. */
export function OrderListPage() {
  usePageTitle(TEXTS.orderList);
  return (
    <SignInRequired>
      <OrderList />
    </SignInRequired>
  );
}

function OrderList() {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const list = useOrderList(page);
  const top = useRef<HTMLHeadingElement>(null);

  const pages = list.data ? pageCount(list.data.total, ORDER_PAGE_SIZE) : 0;

  return (
    <Box>
      <Typography ref={top} variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        {TEXTS.orderList}
      </Typography>

      {list.isPending ? (
        <Stack spacing={2} aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={120} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Box sx={{ py: 4 }}>
          <Typography sx={{ mb: 2 }}>Không tải được danh sách đơn hàng.</Typography>
          <Button variant="outlined" onClick={() => void list.refetch()}>
            Thử lại
          </Button>
        </Box>
      ) : list.data.total === 0 ? (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {STOREFRONT_TEXTS.noOrders}
          </Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {TEXTS.chooseGame}
          </Button>
        </Stack>
      ) : (
        <>
          {list.data.rows.length === 0 ? (
            <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
              <Typography>Trang này không có đơn hàng nào.</Typography>
              <Button component={RouterLink} to={pageHref(1)} variant="outlined">
                Về trang đầu
              </Button>
            </Stack>
          ) : (
            <Stack component="ul" spacing={2} aria-label={TEXTS.orderList} sx={{ p: 0, m: 0, listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              {list.data.rows.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
            </Stack>
          )}
          {pages >= 1 && (
            <Pagination
              count={pages}
              page={Math.min(page, pages)}
              color="primary"
              aria-label="Phân trang danh sách đơn hàng"
              getItemAriaLabel={paginationItemLabel}
              onChange={() => top.current?.scrollIntoView?.({ block: 'start' })}
              renderItem={(item) => (
                <PaginationItem component={RouterLink} to={pageHref(item.page ?? 1)} {...item} />
              )}
              sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
            />
          )}
        </>
      )}
    </Box>
  );
}
