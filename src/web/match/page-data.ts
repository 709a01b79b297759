import type { Route } from "../routes/+types/match";

/** What the match page's loader hands its tabs (the route module's generated type). */
export type Loaded = Route.ComponentProps["loaderData"];
