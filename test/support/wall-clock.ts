import { vi } from 'vitest';

/**
 * Runs `act` with the wall clock (`Date`) `ms` ahead, moving on from there as usual, so that what
 * reads `Date.now()` itself sees that much time passed without the test waiting for it: a window
 * of @fastify/rate-limit's store, a response cache's TTL. Only `Date` is faked: timers, `performance`
 * and the event loop run as they do. Use it where the component takes no clock of its own.
 */
export async function withClockAhead<T>(ms: number, act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms, shouldAdvanceTime: true });
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}
