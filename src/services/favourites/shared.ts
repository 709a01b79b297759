import type * as q from "../../db/queries/favourites.ts";
import { ServiceError } from "../errors.ts";

export type TeamGroupView = q.GroupRow;
export type FavouriteLeagueView = q.LeagueRefRow;

export const notFound = (what: string) => new ServiceError(404, `favourites.errors.${what}`);
export const SEARCH_MIN = 2;
export const SEARCH_MAX = 50;
export const SEARCH_LIMIT = 20;
