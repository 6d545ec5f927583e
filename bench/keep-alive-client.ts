// The client of bench/layers.ts's socket layers, in a process of its own so that its CPU is not
// counted: GETs one path over one keep-alive connection, one at a time, as many as it is told.
import http from 'node:http';

const [port, path] = [Number(process.argv[2]), process.argv[3]];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
      response.resume();
      response.on('end', resolve);
    });
    request.on('error', reject);
  });
}

process.on('message', async (count: number) => {
  for (let i = 0; i < count; i += 1) await get();
  process.send?.('done');
});
process.send?.('ready');
