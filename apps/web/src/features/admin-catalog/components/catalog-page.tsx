import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { formatNumber, type AdminPlatform } from '@lucky/shared';
import { useToast } from '../../../components/ui/toast';
import { EmptyState } from '../../../components/admin/empty-state';
import { PageHeading } from '../../../components/admin/page-heading';
import { moveId, useAdminPlatforms, useReorderPlatforms, useUpdatePlatform } from '../api';
import { ActiveChip, MoveButtons, Thumb } from './catalog-table-parts';
import { PlatformDialog } from './platform-dialog';
import { StoreItemsPanel } from './store-items-panel';

/** /admin/catalog: the games (platforms) and, for the chosen one, its store items. */
export function CatalogPage() {
  const platforms = useAdminPlatforms();
  const reorder = useReorderPlatforms();
  const update = useUpdatePlatform();
  const { showSuccess } = useToast();
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

      {platforms.isPending ? (
        <Box aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} variant="rounded" height={56} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : platforms.isError ? (
        <EmptyState action={<Button onClick={() => void platforms.refetch()}>Thử lại</Button>}>
          Không tải được danh sách trò chơi.
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState>Chưa có trò chơi nào. Bấm &apos;Thêm trò chơi&apos; để bắt đầu.</EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Trò chơi">
            <TableHead>
              <TableRow>
                <TableCell>Thứ tự</TableCell>
                <TableCell>Ảnh</TableCell>
                <TableCell>Tên</TableCell>
                <TableCell>Cách nạp</TableCell>
                <TableCell align="right">Sản phẩm</TableCell>
                <TableCell>Trạng thái</TableCell>
                <TableCell>Thao tác</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((platform, index) => {
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
                    <TableCell>
                      <MoveButtons
                        name={platform.name}
                        first={index === 0}
                        last={index === rows.length - 1}
                        disabled={reorder.isPending}
                        onMove={(step) => reorder.mutate(moveId(ids, platform.id, step))}
                      />
                    </TableCell>
                    <TableCell>
                      <Thumb id={platform.picture} alt={platform.name} />
                    </TableCell>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {platform.name}
                      </Typography>
                      {platform.sale_picture && <Chip size="small" label="Có banner khuyến mãi" sx={{ mt: 0.5 }} />}
                    </TableCell>
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
                        <Button size="small" aria-label={`Sửa ${platform.name}`} onClick={() => setEditing(platform)}>
                          Sửa
                        </Button>
                        <Button
                          size="small"
                          disabled={update.isPending}
                          aria-label={`${platform.is_active ? 'Ẩn' : 'Hiện'} ${platform.name}`}
                          onClick={() =>
                            update.mutate(
                              { id: platform.id, patch: { is_active: !platform.is_active } },
                              {
                                onSuccess: () =>
                                  showSuccess(platform.is_active ? `Đã ẩn ${platform.name}` : `Đã mở bán ${platform.name}`),
                              },
                            )
                          }
                        >
                          {platform.is_active ? 'Ẩn' : 'Hiện'}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}

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
