import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { pageCount } from '@lucky/shared';

function itemLabel(type: string, page: number | null, selected: boolean): string {
  switch (type) {
    case 'previous':
      return 'Trang trước';
    case 'next':
      return 'Trang sau';
    case 'first':
      return 'Trang đầu';
    case 'last':
      return 'Trang cuối';
    default:
      return selected ? `Trang ${page}, đang xem` : `Trang ${page}`;
  }
}

export interface AdminPaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/** Page buttons under a list, hidden when everything fits on one page. */
export function AdminPagination({ page, total, pageSize, onChange }: AdminPaginationProps) {
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  return (
    <Box component="nav" aria-label="Phân trang" sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
      <Pagination
        page={Math.min(page, count)}
        count={count}
        color="primary"
        showFirstButton
        showLastButton
        getItemAriaLabel={itemLabel}
        onChange={(_event, value) => onChange(value)}
      />
    </Box>
  );
}
