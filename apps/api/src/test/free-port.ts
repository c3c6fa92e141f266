/**
 * A loopback port nothing listens on right now: for a process a test starts, or an address that refuses
 * connections. Used by the API's tests, the benchmarks (bench/server.ts) and the resilience suite
 * (scripts/resilience/harness.ts).
 */
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
