import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, useUrlFilters } from './use-url-filters';

function renderFilters(url: string, resetKeys?: string[]) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({ ...useUrlFilters({ resetKeys }), location: useLocation(), navigation: useNavigationType() }),
    { wrapper },
  );
}

describe('useUrlFilters', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sets and removes filters, dropping the page and the named keys in place', () => {
    const { result } = renderFilters('/list?status=1&page=3&risk=1&pay_method=0', ['risk']);
    expect(result.current.params.get('status')).toBe('1');

    act(() => result.current.update({ status: 2, pay_method: '', platform_id: undefined }));
    expect(result.current.location.search).toBe('?status=2');
    expect(result.current.navigation).toBe('REPLACE');
  });

  it('turns pages as history entries, keeping the other filters', () => {
    const { result } = renderFilters('/list?risk=1', ['risk']);

    act(() => result.current.update({ page: 2 }, { keepPage: true }));
    expect(result.current.location.search).toBe('?risk=1&page=2');
    expect(result.current.navigation).toBe('PUSH');
  });

  it('writes the trimmed search box to q once typing pauses, from page 1', () => {
    const { result } = renderFilters('/list?q=old&status=1&page=2');
    expect(result.current.search).toBe('old');

    act(() => result.current.setSearch('an'));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    act(() => result.current.setSearch('an@ex '));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(result.current.location.search).toBe('?q=old&status=1&page=2');

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.location.search).toBe('?q=an%40ex&status=1');
    expect(result.current.navigation).toBe('REPLACE');
    expect(result.current.search).toBe('an@ex ');

    act(() => result.current.setSearch('  '));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(result.current.location.search).toBe('?status=1');
  });

  it('writes the search over filters changed while the box waited', () => {
    const { result } = renderFilters('/list');

    act(() => result.current.setSearch('x'));
    act(() => result.current.update({ status: 3 }));
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(result.current.location.search).toBe('?status=3&q=x');
  });
});
