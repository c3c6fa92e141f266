/**
 * Repeated figures: the median of the repetitions is the figure, their min–max its spread, and a figure
 * whose spread crosses its budget is 'unstable' (some repetitions within, some over), neither passed nor
 * failed (README.md "Speed and size").
 */

export interface Row {
  group: string;
  name: string;
  /** The median of the repetitions (or the one measurement). */
  figure: number;
  unit: string;
  /** Lowest and highest repetition, when the figure was repeated. */
  spread?: [number, number];
  /** Undefined: shown for reference, no budget. */
  budget?: number;
  better?: 'higher' | 'lower';
  /** What the budget is measured against, e.g. '0.75 × pgbench 2,500 tps'. */
  reference?: string;
}

export type Verdict = 'pass' | 'fail' | 'unstable' | 'info';

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The value at percentile `p` (0–100) of `values`, nearest rank. */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

/** Rounds to `digits` decimals. */
export const round = (value: number, digits = 0): number => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/** A repeated figure: its median and spread, rounded alike. */
export const repeated = (values: number[], digits = 0): Pick<Row, 'figure' | 'spread'> => ({
  figure: round(median(values), digits),
  spread: [round(Math.min(...values), digits), round(Math.max(...values), digits)],
});

const within = (value: number, row: Row) => (row.better === 'higher' ? value >= row.budget! : value <= row.budget!);

export function verdict(row: Row): Verdict {
  if (row.budget === undefined) return 'info';
  if (!row.spread) return within(row.figure, row) ? 'pass' : 'fail';
  const [low, high] = row.spread;
  const lowIn = within(low, row);
  const highIn = within(high, row);
  if (lowIn && highIn && within(row.figure, row)) return 'pass';
  if (!lowIn && !highIn) return 'fail';
  return 'unstable';
}
