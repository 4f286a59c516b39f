/**
 * What the node adapter's standalone server calls on its `http.Server` in place of
 * `server-destroy` (`vite/node-adapter.ts`): that module, and then the WebSocket
 * playground's proxy on the server's HTTP upgrades, when the site has one. Any other
 * upgrade is refused, as the server did before. The server's connections are bounded
 * (`connection-limits.ts`) by the `connectionLimits` option.
 */
import type { Server } from 'node:http';
import enableDestroy from 'virtual:astro-docs-json/node-adapter-dependency/server-destroy';
import socketProxy from 'virtual:astro-docs-json/socket-proxy';
import connectionLimits from 'virtual:astro-docs-json/connection-limits';
import { applyConnectionLimits } from './connection-limits.ts';
import { createSocketProxy } from '../../playground/socket-proxy.ts';

export default function enableDestroyAndSockets(server: Server): void {
  enableDestroy(server);
  applyConnectionLimits(server, connectionLimits ?? undefined);
  if (!socketProxy.path) return;
  const proxy = createSocketProxy({ path: socketProxy.path, servers: socketProxy.servers });
  server.on('upgrade', (request, socket, head) => {
    if (!proxy.handleUpgrade(request, socket, head)) socket.destroy();
  });
  server.on('close', () => proxy.close());
}
