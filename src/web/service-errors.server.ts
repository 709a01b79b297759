import { data } from "react-router";
import { isServiceError } from "../services/errors.ts";

/**
 * Loaders and actions recognise a service's refusal through this module: browser code never imports
 * src/services, and React Router keeps *.server modules out of the browser bundle.
 */
export { isServiceError };

/** Runs a service call, turning its refusals into HTTP responses for the error page. */
export async function fromService<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isServiceError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}
