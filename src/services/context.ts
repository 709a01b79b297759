import type { Pool } from "pg";
import type { Clock } from "../data/clock.ts";
import type { Mailer } from "../data/mail/mailer.ts";

export interface ServiceContext {
  pool: Pool;
  clock: Clock;
  /** absent where nothing is sent (tests of other services) */
  mailer?: Mailer;
  /** where contact messages go */
  contactTo?: string;
}
