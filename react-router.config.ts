import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  // BUILD_DIR lets a benchmark or a second checkout build elsewhere without touching a running server's files.
  buildDirectory: process.env.BUILD_DIR || "build",
  ssr: true,
  // React Router v8's changes, decided one by one so that the build no longer warns about them. Middleware
  // stays off: the server passes its own load context (services, user) to every loader.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
