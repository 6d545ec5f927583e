// The floor a cache hit is measured against (`npm run bench -- --only hit`): bare node:http sending
// one captured answer of the service, the same status, headers and bytes, to every request. What
// a hit costs beyond it is fastify, the hooks and the cache lookup. Node adds Date, Connection and
// Keep-Alive itself, as it does for the service; the keep-alive timeout is set to the service's so
// that they read the same.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CapturedAnswer {
  status: number;
  /** Name and value of each header, in the order the service sent them, without those node adds. */
  headers: [string, string][];
  bodyBase64: string;
  keepAliveSeconds: number | null;
}

/** Headers node's http server writes by itself: the bare server must not send them twice. */
export const HEADERS_NODE_ADDS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const file = process.env.BARE_SEND_ANSWER;
const port = Number(process.env.PORT);
if (file) {
  const answer = JSON.parse(readFileSync(file, 'utf8')) as CapturedAnswer;
  const body = Buffer.from(answer.bodyBase64, 'base64');
  const headers = answer.headers.flat();
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, headers);
    response.end(body);
  });
  if (answer.keepAliveSeconds !== null) server.keepAliveTimeout = answer.keepAliveSeconds * 1000;
  server.listen(port, '127.0.0.1');
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
