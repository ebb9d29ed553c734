/** The slice of autocannon v8's programmatic API that the bench uses (no @types package installed). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** A sequence each connection runs in a loop; `context` is per connection. */
      requests?: RequestSpec[];
    }
    interface RequestSpec {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (
        req: { method?: string; path: string; headers?: Record<string, string>; body?: string },
        context: Record<string, unknown>,
      ) => { method?: string; path: string; headers?: Record<string, string>; body?: string };
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      max: number;
      total: number;
    }
    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: Histogram;
      requests: Histogram;
    }
    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
