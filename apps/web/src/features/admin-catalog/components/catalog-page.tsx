import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { formatNumber, type AdminPlatform } from '@lucky/shared';
import { AdminTable } from '../../../components/admin/admin-table';
import { ListStates } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { useAdminPlatforms, useReorderPlatforms, useUpdatePlatform } from '../api';
import { ActiveChip, EditAndToggle, LeadCells } from './catalog-table-parts';
import { PlatformDialog } from './platform-dialog';
import { StoreItemsPanel } from './store-items-panel';

const PLATFORM_COLUMNS = [
  'Thứ tự',
  'Ảnh',
  'Tên',
  'Cách nạp',
  { label: 'Sản phẩm', align: 'right' },
  'Trạng thái',
  'Thao tác',
] as const;

/** /admin/catalog: the games (platforms) and, for the chosen one, its store items. */
export function CatalogPage() {
  const platforms = useAdminPlatforms();
  const reorder = useReorderPlatforms();
  const update = useUpdatePlatform();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<AdminPlatform | 'new' | null>(null);
  const rows = platforms.data ?? [];
  const ids = rows.map((row) => row.id);
  const chosenId = Number(params.get('platform'));
  const chosen = rows.find((row) => row.id === chosenId) ?? null;

  const choose = (id: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('platform', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeading title="Danh mục">
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          Thêm trò chơi
        </Button>
      </PageHeading>

      <ListStates
        query={platforms}
        isEmpty={(data) => data.length === 0}
        skeleton={{ rows: 4, height: 56 }}
        failed="Không tải được danh sách trò chơi."
        empty="Chưa có trò chơi nào. Bấm 'Thêm trò chơi' để bắt đầu."
      >
        {() => (
          <AdminTable label="Trò chơi" columns={PLATFORM_COLUMNS}>
            {rows.map((platform) => {
              const selected = platform.id === chosen?.id;
              return (
                <TableRow
                  key={platform.id}
                  selected={selected}
                  sx={[
                    !platform.is_active && { opacity: 0.7 },
                    selected && ((theme) => ({ bgcolor: alpha(theme.palette.primary.main, 0.12) })),
                  ]}
                >
                  <LeadCells row={platform} ids={ids} reorder={reorder}>
                    {platform.sale_picture && <Chip size="small" label="Có banner khuyến mãi" sx={{ mt: 0.5 }} />}
                  </LeadCells>
                  <TableCell>{platform.need_login ? 'Đăng nhập' : 'UID'}</TableCell>
                  <TableCell align="right">{formatNumber(platform.item_count)}</TableCell>
                  <TableCell>
                    <ActiveChip active={platform.is_active} />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        variant={selected ? 'contained' : 'outlined'}
                        aria-pressed={selected}
                        aria-label={`Sản phẩm của ${platform.name}`}
                        onClick={() => choose(platform.id)}
                      >
                        Sản phẩm
                      </Button>
                      <EditAndToggle row={platform} update={update} onEdit={() => setEditing(platform)} />
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </AdminTable>
        )}
      </ListStates>

      {chosen ? (
        <StoreItemsPanel key={chosen.id} platform={chosen} />
      ) : (
        rows.length > 0 && (
          <Typography color="text.secondary" sx={{ mt: 3 }}>
            Chọn &apos;Sản phẩm&apos; ở một trò chơi để xem và sửa các sản phẩm của nó.
          </Typography>
        )
      )}

      {editing && <PlatformDialog platform={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
