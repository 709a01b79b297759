import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildProgress } from "./scripts/build-progress-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildProgress()],
});
