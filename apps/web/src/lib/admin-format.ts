import { formatShopTime } from '@lucky/shared';

/**
 * An ISO time in the shop's time zone (the 16:00 promise is in Vietnam time, wherever the admin is), as the
 * shop clock writes it for customers and staff alike: '09:30 15/03/2025'.
 */
export function formatAdminTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return formatShopTime(iso);
}

/** A signed coin change: "+1.000" or "−500". */
export function formatDelta(delta: number, format: (value: number) => string): string {
  return delta > 0 ? `+${format(delta)}` : delta < 0 ? `−${format(-delta)}` : format(0);
}
