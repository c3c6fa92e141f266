import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { LIST_COUNT_CAP, pageCount } from '@lucky/shared';
import { paginationItemLabel } from '../ui/pagination-label';

export interface AdminPaginationProps {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

/**
 * Page buttons under a list, hidden when everything fits on one page. A total past LIST_COUNT_CAP is a
 * count that stopped there: the pages it gives are not the last, so there is no "last page" button.
 */
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
        showLastButton={total <= LIST_COUNT_CAP}
        getItemAriaLabel={paginationItemLabel}
        onChange={(_event, value) => onChange(value)}
      />
    </Box>
  );
}
