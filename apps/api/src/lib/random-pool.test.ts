import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool.js';

describe('pooled random bytes', () => {
  it('hands out buffers of their own that never repeat, across refills of the pool', () => {
    const draws = Array.from({ length: 2_000 }, () => pooledRandomBytes(12));
    expect(draws.every((bytes) => bytes.length === 12)).toBe(true);
    expect(new Set(draws.map((bytes) => bytes.toString('hex'))).size).toBe(2_000);
    // A buffer handed out is not a view of the pool: drawing more leaves it as it was.
    const kept = Buffer.from(draws[0]!);
    for (let i = 0; i < 1_000; i++) pooledRandomBytes(5);
    expect(draws[0]).toEqual(kept);
  });

  it('looks random: every byte value turns up, none far more often than the others', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4_096; i++) for (const byte of pooledRandomBytes(16)) counts[byte]!++;
    // 65,536 bytes: 256 of each value on average.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(380);
  });

  it('draws more than the pool holds straight from the system', () => {
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });
});
