import { BOOKMAKER_COUNTRIES, WORLD } from "../../domain/bookmakers.ts";
import { badRequest } from "../errors.ts";

export const COUNTRIES = [WORLD, ...BOOKMAKER_COUNTRIES.map((c) => c.id)];

export function parseBookmakerCountry(value: string | undefined): number {
  if (value === undefined || value === "") return WORLD;
  const id = Number(value);
  if (!/^-?\d{1,4}$/.test(value) || !COUNTRIES.includes(id)) throw badRequest("valuebets.badCountry");
  return id;
}
