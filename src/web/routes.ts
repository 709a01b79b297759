import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx", { id: "index" }),
  route(":lang", "routes/home.tsx", { id: "index-localised" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
