/** Pieces of the load benches (site-load, scale): autocannon as browsers ask, and a Saturday's fixtures range. */
import autocannon from "autocannon";

const DAY = 86_400_000;

export interface Figures {
  reqPerS: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  kBPerResponse: number;
  shareOfStatic?: number;
  /** a prediction refresh ran during the measurement (it takes a core for many seconds every 5 minutes) */
  predictionRefreshDuring?: boolean;
}

const figuresOf = (result: autocannon.Result, reqPerS: number): Figures => ({
  reqPerS: Math.round(reqPerS * 10) / 10,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.timeouts,
  non2xx: result.non2xx,
  requests: result.requests.total,
  kBPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total / 100) / 10 : 0,
});

/** autocannon on `url` (several: the connections are shared among them) for `durationS` seconds. */
export function load(url: string | string[], connections: number, durationS: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: url as string, connections, duration: durationS, headers: { "accept-encoding": "br, gzip" } },
      (error: Error | null, result: autocannon.Result) => {
        if (error) return reject(error);
        resolve(figuresOf(result, result.requests.average));
      },
    );
  });
}

/** The next Saturday (UTC) of the replayed calendar, as a from/to range of fixtures/web. */
export function saturdayRange(now: Date): string {
  const day = new Date(Math.floor(now.getTime() / DAY) * DAY);
  const saturday = new Date(day.getTime() + ((6 - day.getUTCDay() + 7) % 7) * DAY);
  return `dateFormat=extended&platform=website&from=${saturday.toISOString()}&to=${new Date(saturday.getTime() + DAY).toISOString()}`;
}

/**
 * Open loop: `rate` requests per second in all (autocannon's overallRate) on `bases` (the connections shared among
 * them), cycling through `paths`, for `durationS` seconds; enough connections that the rate, not a queue, paces.
 */
export function loadAtRate(bases: string[], paths: string[], rate: number, durationS: number): Promise<Figures> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: bases as unknown as string,
        connections: 128,
        overallRate: rate,
        duration: durationS,
        headers: { "accept-encoding": "br, gzip" },
        requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
      },
      (error: Error | null, result: autocannon.Result) => {
        if (error) return reject(error);
        resolve(figuresOf(result, result.requests.total / durationS));
      },
    );
  });
}
