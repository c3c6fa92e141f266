import { Link as RouterLink } from 'react-router';
import usePagination from '@mui/material/usePagination';
import { Icon } from '../../../components/frame/icons';
import { paginationItemLabel } from '../../../components/ui/pagination-label';

export interface OrderPaginationProps {
  count: number;
  page: number;
  /** The address of a page (the page is in the address, so Back works). */
  href: (page: number) => string;
  onNavigate: () => void;
}

/**
 * MUI's Pagination (primary, circular, router links) as plain elements: MUI's own page logic
 * (usePagination: no styles, no emotion), the same markup and names, styled by app/shop.css.
 */
export function OrderPagination({ count, page, href, onNavigate }: OrderPaginationProps) {
  const { items } = usePagination({ count, page });
  return (
    <nav aria-label="Phân trang danh sách đơn hàng" className="ls-pagination">
      <ul>
        {items.map((item, index) => {
          if (item.type === 'start-ellipsis' || item.type === 'end-ellipsis') {
            return (
              <li key={index}>
                <div className="ls-page-item ls-page-ellipsis">…</div>
              </li>
            );
          }
          const target = item.page ?? 1;
          const classes = ['ls-page-item', item.selected ? 'ls-page-selected' : '', item.disabled ? 'ls-page-disabled' : '']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={index}>
              <RouterLink
                to={href(target)}
                className={classes}
                aria-label={paginationItemLabel(item.type, item.page, item.selected)}
                aria-current={item.selected ? 'page' : undefined}
                aria-disabled={item.disabled || undefined}
                tabIndex={item.disabled ? -1 : 0}
                onClick={onNavigate}
              >
                {item.type === 'previous' ? (
                  <Icon name="navigateBefore" className="ls-page-icon" />
                ) : item.type === 'next' ? (
                  <Icon name="navigateNext" className="ls-page-icon" />
                ) : (
                  item.page
                )}
              </RouterLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
