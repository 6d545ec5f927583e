/** A GraphQL subscription over SSE as a browser's EventSource-like client reads it, over a real socket. */
export interface SseSubscription<T> {
  status: number;
  /** Resolves with the next `event: next` payload's data. */
  next(timeoutMs?: number): Promise<T>;
  /** Comment lines (`:`) received so far: yoga's keep-alive pings. */
  pings(): number;
  close(): void;
}

export async function subscribe<T = Record<string, unknown>>(baseUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<SseSubscription<T>> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const queue: T[] = [];
  const waiting: ((value: T) => void)[] = [];
  let pings = 0;
  let buffer = '';
  const deliver = (message: string) => {
    const lines = message.split('\n');
    if (lines.every((line) => line.startsWith(':'))) {
      pings += 1;
      return;
    }
    const event = lines.find((line) => line.startsWith('event:'))?.slice(6).trim();
    const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).join('\n');
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
    close: () => abort.abort(),
  };
}
