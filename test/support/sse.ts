/** A GraphQL subscription over SSE as a browser's EventSource-like client reads it, over a real socket. */
export interface SseSubscription<T> {
  status: number;
  /** Resolves with the next `event: next` payload's data. */
  next(timeoutMs?: number): Promise<T>;
  /** Comment lines (`:`) received so far: yoga's keep-alive pings. */
  pings(): number;
  /**
   * Resolves once `count` pings have arrived in all. The first is the one the stream opens with:
   * the server reads it out of the stream, and so starts the subscription (registers it with the
   * change feed), before it sends it. Later ones come every 300 ms under NODE_ENV=test, so the n-th
   * also proves the stream stayed open that long on the server. Fails after `timeoutMs`.
   */
  untilPings(count: number, timeoutMs?: number): Promise<void>;
  close(): void;
}

export async function subscribe<T = Record<string, unknown>>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<SseSubscription<T>> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const queue: T[] = [];
  const waiting: ((value: T) => void)[] = [];
  let pings = 0;
  const pingWaiters = new Set<() => void>();
  let buffer = '';
  const deliver = (message: string) => {
    const lines = message.split('\n');
    if (lines.every((line) => line.startsWith(':'))) {
      pings += 1;
      for (const check of [...pingWaiters]) check();
      return;
    }
    const event = lines
      .find((line) => line.startsWith('event:'))
      ?.slice(6)
      .trim();
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\n');
    if (event !== 'next' || !data) return;
    const payload = JSON.parse(data) as T;
    const waiter = waiting.shift();
    if (waiter) waiter(payload);
    else queue.push(payload);
  };
  void (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          deliver(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    next: (timeoutMs = 5000) => {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no subscription event within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
    pings: () => pings,
    untilPings: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (pings < count) return;
          pingWaiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          pingWaiters.delete(check);
          reject(new Error(`${pings} of ${count} pings within ${timeoutMs} ms`));
        }, timeoutMs);
        pingWaiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}
