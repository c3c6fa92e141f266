import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { formatNumber, formatVnd, type AdminPlatform, type AdminStoreItem } from '@lucky/shared';
import { AdminTable } from '../../../components/admin/admin-table';
import { ListStates } from '../../../components/admin/load-states';
import { useAdminStoreItems, useReorderStoreItems, useUpdateStoreItem } from '../api';
import { ActiveChip, EditAndToggle, LeadCells } from './catalog-table-parts';
import { StoreItemDialog } from './store-item-dialog';

const ITEM_COLUMNS = [
  'Thứ tự',
  'Ảnh',
  'Tên',
  { label: 'Giá bán', align: 'right' },
  { label: 'Giá gốc', align: 'right' },
  { label: 'Coin', align: 'right' },
  { label: 'Coin tặng', align: 'right' },
  'Trạng thái',
  'Thao tác',
] as const;

/** The store items of one platform: add, edit, order, show or hide. */
export function StoreItemsPanel({ platform }: { platform: AdminPlatform }) {
  const items = useAdminStoreItems(platform.id);
  const reorder = useReorderStoreItems();
  const update = useUpdateStoreItem();
  const [editing, setEditing] = useState<AdminStoreItem | 'new' | null>(null);
  const rows = items.data ?? [];
  const ids = rows.map((row) => row.id);

  return (
    <Box component="section" aria-labelledby="store-items-heading" sx={{ mt: 4 }}>
      <Stack
        direction="row"
        sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography id="store-items-heading" variant="h6" component="h2">
          Sản phẩm của {platform.name}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Thêm sản phẩm
        </Button>
      </Stack>
      <ListStates
        query={items}
        isEmpty={(data) => data.length === 0}
        skeleton={{ rows: 3, height: 56 }}
        failed="Không tải được sản phẩm."
        empty="Trò chơi này chưa có sản phẩm nào."
      >
        {() => (
          <AdminTable label={`Sản phẩm của ${platform.name}`} columns={ITEM_COLUMNS}>
            {rows.map((item) => (
              <TableRow key={item.id} sx={item.is_active ? undefined : { opacity: 0.7 }}>
                <LeadCells row={item} ids={ids} reorder={reorder}>
                  {item.description && (
                    <Typography variant="caption" color="text.secondary">
                      {item.description}
                    </Typography>
                  )}
                </LeadCells>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatVnd(item.price)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatVnd(item.raw_price)}
                </TableCell>
                <TableCell align="right">{formatNumber(item.coin)}</TableCell>
                <TableCell align="right">{formatNumber(item.gift_coin)}</TableCell>
                <TableCell>
                  <ActiveChip active={item.is_active} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <EditAndToggle row={item} update={update} onEdit={() => setEditing(item)} />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </ListStates>
      {editing && (
        <StoreItemDialog
          platformId={platform.id}
          platformName={platform.name}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
