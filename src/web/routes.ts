import { type RouteConfig, layout, route } from "@react-router/dev/routes";
import { routePatterns } from "../i18n/paths.ts";
import { LOCALES } from "../i18n/locales.ts";

/** Every page in every locale, with translated slugs; the shell wraps them all. */
export default [
  layout("routes/shell.tsx", [
    ...LOCALES.flatMap((locale) => routePatterns(locale).map((r) => route(r.path, r.file, { id: r.id }))),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
