import { setImmediate as yieldToEventLoop } from "node:timers/promises";

/** How long a loop on a serving thread may run before it lets requests and the live tick in. */
const SLICE_MS = 15;
/** performance.now() is cheap but not free: a loop looks at the clock every this many steps. */
const STEPS = 64;

/**
 * A long loop's pause (`await pause(i)` per step): every SLICE_MS of work it yields to the event loop, so that a
 * prediction sweep or a timeline load of many seconds delays a request by one slice, not by its whole length
 * (a fixed count of steps per yield was 0.4 s on a busy machine).
 */
export function timeSlices(): (step: number) => Promise<void> | undefined {
  let since = performance.now();
  return (step) => {
    if (step % STEPS !== 0 || performance.now() - since < SLICE_MS) return undefined;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}
