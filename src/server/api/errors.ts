/** Kept for existing imports: the contract module holds the error shape and its helpers. */
export { requestLocale, requireUser, serviceErrorResponse } from "./contract.ts";
