import { Suspense, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../components/ui/use-page-title';
import { useCurrentUser } from '../features/auth/api';
import { ConsoleRoleContext, useConsoleRole } from '../lib/console-role';
import { useSignedIn } from '../lib/session';
import { AdminEvents, NotificationButton } from './admin-events';

/** The console's sections; `owner`: for the shop's owners only (staff work the orders and the transfers). */
const SECTIONS = [
  { to: '/admin', label: 'Tổng quan', exact: true, owner: true },
  { to: '/admin/orders', label: 'Đơn hàng' },
  { to: '/admin/catalog', label: 'Danh mục', owner: true },
  { to: '/admin/customers', label: 'Khách hàng', owner: true },
  { to: '/admin/transfers', label: 'Giao dịch ngân hàng' },
  { to: '/admin/report', label: 'Đối soát ngày', owner: true },
] as const;

function AdminNav() {
  const { pathname } = useLocation();
  const role = useConsoleRole();
  return (
    <Box
      component="nav"
      aria-label="Quản trị"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3, pb: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {SECTIONS.filter((section) => role === 'owner' || !('owner' in section)).map((section) => {
        const current =
          'exact' in section ? pathname === section.to || pathname === `${section.to}/` : pathname.startsWith(section.to);
        return (
          <Button
            key={section.to}
            component={RouterLink}
            to={section.to}
            variant={current ? 'contained' : 'text'}
            aria-current={current ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
      <Box sx={{ ml: 'auto' }}>
        <NotificationButton />
      </Box>
    </Box>
  );
}

/**
 * The console's own loading outline. Not the shop's PageSkeleton: importing app modules that the
 * entry chunk also imports made the bundler split them out of the first load into extra files.
 */
function AdminSkeleton() {
  return (
    <Box aria-busy="true">
      <Skeleton variant="text" width="30%" sx={{ fontSize: '1.5rem', mb: 2 }} />
      <Skeleton variant="rounded" height={240} />
    </Box>
  );
}

function Refusal({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Về trang chủ
      </Button>
    </Stack>
  );
}

export function AdminNotFound() {
  return <Refusal title="Không tìm thấy trang" text="Trang quản trị này không tồn tại." />;
}

/**
 * A page for the shop's owners (the dashboard, the catalogue, customers' coins). Staff get `staffView`
 * when given (the console's home sends them to the orders), otherwise a refusal; the API refuses them too.
 */
export function OwnerOnly({ children, staffView }: { children: ReactNode; staffView?: ReactNode }) {
  const role = useConsoleRole();
  if (role === 'owner') return children;
  if (staffView) return staffView;
  return <Refusal title="Bạn không có quyền truy cập trang này" text="Trang này chỉ dành cho chủ shop." />;
}

/**
 * The admin console's frame: only admins get past it (the API checks again on every call). Anonymous
 * visitors go to /signin; signed-in customers read a refusal.
 */
export function AdminLayout() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();

  if (!signedIn) return <Navigate to="/signin" replace />;
  if (user.isPending) return <AdminSkeleton />;
  if (!user.data) {
    return (
      <Refusal
        title="Không tải được thông tin tài khoản"
        text="Vui lòng kiểm tra kết nối mạng rồi tải lại trang."
      />
    );
  }
  if (!user.data.is_admin) {
    return (
      <Refusal
        title="Bạn không có quyền truy cập trang này"
        text="Trang quản trị chỉ dành cho quản trị viên của shop."
      />
    );
  }
  return (
    <ConsoleRoleContext value={user.data.role}>
      <Box>
        <AdminEvents />
        <AdminNav />
        <Suspense fallback={<AdminSkeleton />}>
          <Outlet />
        </Suspense>
      </Box>
    </ConsoleRoleContext>
  );
}
