// autocannon ships no types; this declares only the parts bench/catalogue/run.mjs uses.
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
    }
    interface Options {
      url: string;
      duration?: number;
      connections?: number;
      pipelining?: number;
      requests?: Request[];
      headers?: Record<string, string>;
    }
    interface Histogram {
      average: number;
      mean: number;
      p50: number;
      p99: number;
      max: number;
    }
    interface Result {
      requests: Histogram & { total: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      duration: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
  export type Result = autocannon.Result;
}
