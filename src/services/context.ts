import type { Pool } from "pg";
import type { Clock } from "../data/clock.ts";

export interface ServiceContext {
  pool: Pool;
  clock: Clock;
}
