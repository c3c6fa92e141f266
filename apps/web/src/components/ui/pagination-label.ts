/** Vietnamese accessible names for MUI Pagination's buttons (its `getItemAriaLabel`). */
export function paginationItemLabel(type: string, page: number | null, selected: boolean): string {
  switch (type) {
    case 'previous':
      return 'Trang trước';
    case 'next':
      return 'Trang sau';
    case 'first':
      return 'Trang đầu';
    case 'last':
      return 'Trang cuối';
    default:
      return selected ? `Trang ${page}, đang xem` : `Trang ${page}`;
  }
}
