import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge';

describe('order status badge (docs/product.md §4)', () => {
  it.each([
    [0, 'Đang chờ duyệt', 'grey'],
    [1, 'Đang xử lý', 'yellow'],
    [2, 'Đã hoàn thành', 'green'],
    [3, 'Đã từ chối', 'red'],
  ])('shows status %i as %s in %s', (status, label, colour) => {
    render(<OrderStatusBadge status={status} />);
    const badge = screen.getByText(label).closest('[data-colour]');
    expect(badge).toHaveAttribute('data-colour', colour);
  });

  it.each([7, -5])('shows an unknown status (%i) raw, without a status colour', (status) => {
    render(<OrderStatusBadge status={status} />);
    expect(screen.getByText(String(status)).closest('[data-colour]')).toHaveAttribute('data-colour', 'none');
  });
});
