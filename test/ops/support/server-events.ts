/** The line test/ops/support/server-instrumentation.ts writes for each request the server has read. */
export const REQUEST_RECEIVED = 'test: request received';
