import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver does with a request: take it (200), answer a status, redirect, or never answer. */
export type Answer = 'ok' | 'hang' | { status: number } | { redirect: string };

export interface Received {
  id: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> & { seq: number | null } };
  /** Whether it was taken (answered 2xx) rather than refused or left hanging. */
  taken: boolean;
}

/**
 * An integrator's endpoint on loopback: verifies every request with the Standard Webhooks library
 * (a request that does not verify fails the test through `unverified`), answers as `answer` says,
 * and tells waiting tests as requests come.
 */
export class WebhookReceiver {
  readonly requests: Received[] = [];
  readonly unverified: string[] = [];
  secret = '';
  answer: (request: number) => Answer = () => 'ok';
  private server: Server | undefined;
  private readonly hanging = new Set<ServerResponse>();
  private readonly watchers = new Set<() => void>();

  async listen(): Promise<string> {
    this.server = createServer((request, response) => void this.take(request, response));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The deliveries taken, in the order they were taken. */
  get taken(): Received[] {
    return this.requests.filter((request) => request.taken);
  }

  private async take(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const payload = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    let body: Received['body'];
    try {
      body = new Webhook(this.secret).verify(payload, headers) as Received['body'];
    } catch (error) {
      this.unverified.push(`${headers['webhook-id']}: ${(error as Error).message}`);
      response.writeHead(400).end();
      return this.notify();
    }
    const answer = this.answer(this.requests.length);
    const received: Received = { id: headers['webhook-id'] ?? '', body, taken: answer === 'ok' };
    this.requests.push(received);
    if (answer === 'ok') response.writeHead(204).end();
    else if (answer === 'hang') this.hanging.add(response);
    else if ('redirect' in answer) response.writeHead(302, { location: answer.redirect }).end();
    else response.writeHead(answer.status, { 'content-type': 'text/plain' }).end('receiver down');
    this.notify();
  }

  private notify(): void {
    for (const check of [...this.watchers]) check();
  }

  /** Resolves once `condition` holds on what was received, checked as requests come; fails after `withinMs` (45 s: within a test's 60 s, however loaded the machine). */
  waitFor(what: string, condition: () => boolean, withinMs = 45_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        this.watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(new Error(`${what}: not within ${withinMs} ms (received ${JSON.stringify(this.requests.map((r) => [r.id, r.taken]))})`));
      }, withinMs);
      this.watchers.add(check);
      check();
    });
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
