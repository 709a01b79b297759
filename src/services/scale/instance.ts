import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Role } from "../../domain/scale/shards.ts";

export interface Instance {
  /** host:pid:random */
  id: string;
  role: Role;
}

export function newInstance(role: Role): Instance {
  return { id: `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`, role };
}
