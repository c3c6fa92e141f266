import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { formatNumber, formatVnd, type AdminPlatform, type AdminStoreItem } from '@lucky/shared';
import { EmptyState } from '../../../components/admin/empty-state';
import { LoadError, RowsSkeleton } from '../../../components/admin/load-states';
import { moveId, useAdminStoreItems, useReorderStoreItems, useUpdateStoreItem } from '../api';
import { ActiveChip, ActiveToggle, MoveButtons, Thumb } from './catalog-table-parts';
import { StoreItemDialog } from './store-item-dialog';

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
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="store-items-heading" variant="h6" component="h2">
          Sản phẩm của {platform.name}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Thêm sản phẩm
        </Button>
      </Stack>
      {items.isPending ? (
        <RowsSkeleton rows={3} height={56} />
      ) : items.isError ? (
        <LoadError onRetry={() => void items.refetch()}>Không tải được sản phẩm.</LoadError>
      ) : rows.length === 0 ? (
        <EmptyState>Trò chơi này chưa có sản phẩm nào.</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={`Sản phẩm của ${platform.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Thứ tự</TableCell>
                <TableCell>Ảnh</TableCell>
                <TableCell>Tên</TableCell>
                <TableCell align="right">Giá bán</TableCell>
                <TableCell align="right">Giá gốc</TableCell>
                <TableCell align="right">Coin</TableCell>
                <TableCell align="right">Coin tặng</TableCell>
                <TableCell>Trạng thái</TableCell>
                <TableCell>Thao tác</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((item, index) => (
                <TableRow key={item.id} sx={item.is_active ? undefined : { opacity: 0.7 }}>
                  <TableCell>
                    <MoveButtons
                      name={item.name}
                      first={index === 0}
                      last={index === rows.length - 1}
                      disabled={reorder.isPending}
                      onMove={(step) => reorder.mutate(moveId(ids, item.id, step))}
                    />
                  </TableCell>
                  <TableCell>
                    <Thumb id={item.picture} alt={item.name} />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {item.name}
                    </Typography>
                    {item.description && (
                      <Typography variant="caption" color="text.secondary">
                        {item.description}
                      </Typography>
                    )}
                  </TableCell>
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
                      <Button size="small" onClick={() => setEditing(item)} aria-label={`Sửa ${item.name}`}>
                        Sửa
                      </Button>
                      <ActiveToggle
                        name={item.name}
                        active={item.is_active}
                        disabled={update.isPending}
                        onToggle={(is_active, onSuccess) => update.mutate({ id: item.id, patch: { is_active } }, { onSuccess })}
                      />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
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
