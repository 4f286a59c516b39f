// The stand-in admin API for the serving benchmark (serve.mjs), in a process of its own so
// that its work is not counted as the site's: the stand-in of the package
// (`startMockAdminApi`) on the port given, and beside it a control port for the benchmark
// alone: GET /stats counts the calls the stand-in received (every request, faults included),
// PUT /fault/<mode> sets a fault, PUT /fault/none clears it. --rate-limit sets its calls an
// hour per project (100 unless said).
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { MOCK_FAULTS, startMockAdminApi } from '../packages/astro-docs-json/src/agent/mock-admin-api.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, control: { type: 'string' }, key: { type: 'string' }, 'rate-limit': { type: 'string' } } });
const rateLimitPerHour = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
const api = await startMockAdminApi({ port: Number(values.port), key: values.key, rateLimitPerHour });
let received = 0;
api.server.on('request', () => received++);

const control = createServer((request, response) => {
  const send = (status, body) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  if (request.method === 'GET' && request.url === '/stats') return send(200, { received, byProject: Object.fromEntries(api.calls) });
  const fault = /^\/fault\/([a-z-]+)$/.exec(request.url ?? '')?.[1];
  if (request.method === 'PUT' && fault && (fault === 'none' || MOCK_FAULTS.includes(fault))) {
    api.setFault(fault === 'none' ? undefined : fault);
    return send(200, { fault });
  }
  return send(404, { error: 'Not found' });
});
control.listen(Number(values.control), '127.0.0.1', () => process.stdout.write(`ready ${api.url}\n`));
process.on('SIGTERM', async () => {
  control.close();
  await api.close();
  process.exit(0);
});
