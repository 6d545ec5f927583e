import type autocannon from 'autocannon';

/** What every closed-loop row reports of an autocannon run. */
export function loadSummary(result: autocannon.Result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
