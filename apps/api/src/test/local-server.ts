/** A test's own HTTP server (a provider's stand-in) on 127.0.0.1 at a free port. */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Ends the open connections, then stops listening. */
  close(): Promise<void>;
}

export async function listenLocally(server: http.Server): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
