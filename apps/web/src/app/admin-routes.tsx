/**
 * The admin console's route tree, mounted under `admin/*` in routes.tsx. This whole file is one lazy
 * chunk and each page below is another, so customers never download admin code.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
// Nothing here imports the shop's own app/ modules (not-found page, page skeleton): sharing them made
// the bundler move them out of the entry chunk into extra first-load files.
import { AdminLayout, AdminNotFound, OwnerOnly } from './admin-layout';

const DashboardPage = lazy(() =>
  import('../features/admin-dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const OrderQueuePage = lazy(() =>
  import('../features/admin-orders/components/order-queue-page').then((m) => ({ default: m.OrderQueuePage })),
);
const AdminOrderPage = lazy(() =>
  import('../features/admin-orders/components/admin-order-page').then((m) => ({ default: m.AdminOrderPage })),
);
const CatalogPage = lazy(() =>
  import('../features/admin-catalog/components/catalog-page').then((m) => ({ default: m.CatalogPage })),
);
const CustomersPage = lazy(() =>
  import('../features/admin-customers/components/customers-page').then((m) => ({ default: m.CustomersPage })),
);
const TransfersPage = lazy(() =>
  import('../features/admin-payments/components/transfers-page').then((m) => ({ default: m.TransfersPage })),
);
const DayReportPage = lazy(() =>
  import('../features/admin-payments/components/day-report-page').then((m) => ({ default: m.DayReportPage })),
);

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route
          index
          element={
            <OwnerOnly staffView={<Navigate to="orders" replace />}>
              <DashboardPage />
            </OwnerOnly>
          }
        />
        <Route path="orders" element={<OrderQueuePage />} />
        <Route path="orders/:id" element={<AdminOrderPage />} />
        <Route
          path="catalog"
          element={
            <OwnerOnly>
              <CatalogPage />
            </OwnerOnly>
          }
        />
        <Route
          path="customers"
          element={
            <OwnerOnly>
              <CustomersPage />
            </OwnerOnly>
          }
        />
        <Route path="transfers" element={<TransfersPage />} />
        <Route
          path="report"
          element={
            <OwnerOnly>
              <DayReportPage />
            </OwnerOnly>
          }
        />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
