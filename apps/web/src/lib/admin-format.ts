import { SHOP_TIME_ZONE } from '@lucky/shared';

const dateTime = new Intl.DateTimeFormat('vi-VN', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

/** An ISO time in the shop's time zone (the 16:00 promise is in Vietnam time, wherever the admin is). */
export function formatAdminTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A signed coin change: "+1.000" or "−500". */
export function formatDelta(delta: number, format: (value: number) => string): string {
  return delta > 0 ? `+${format(delta)}` : delta < 0 ? `−${format(-delta)}` : format(0);
}
