import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A column heading; numbers and amounts are right-aligned. */
export type AdminColumn = string | { label: string; align: 'right' };

export interface AdminTableProps {
  /** Names the table for screen readers. */
  label: string;
  columns: readonly AdminColumn[];
  /** Greys the rows while the next page loads (set by lists that keep the old page on screen). */
  dimmed?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** The admin lists' small outlined table: a heading row, then the rows. */
export function AdminTable({ label, columns, dimmed, children }: AdminTableProps) {
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={dimmed === undefined ? undefined : { opacity: dimmed ? 0.6 : 1 }}
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <TableCell key={column}>{column}</TableCell>
              ) : (
                <TableCell key={column.label} align={column.align}>
                  {column.label}
                </TableCell>
              ),
            )}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
