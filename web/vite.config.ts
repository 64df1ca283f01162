// The screens' build: one page per screen (index.html the terminal, kitchen.html the kitchen
// display, manage.html the back office) sharing hashed files under assets/ (served with long
// cache headers); the pages are never cached. Written into the Python package's static folder. Swagger UI's
// script and style are copied beside it from the pinned npm package, so /docs works offline.
import { cpSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const here = dirname(fileURLToPath(import.meta.url));
const staticRoot = resolve(here, "../src/brigade/static");

function copySwaggerUi(): Plugin {
  return {
    name: "brigade-copy-swagger-ui",
    apply: "build",
    closeBundle() {
      const source = resolve(here, "node_modules/swagger-ui-dist");
      const target = resolve(staticRoot, "swagger-ui");
      mkdirSync(target, { recursive: true });
      for (const file of ["swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png"]) {
        cpSync(resolve(source, file), resolve(target, file));
      }
    },
  };
}

export default defineConfig({
  root: here,
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: resolve(staticRoot, "screens"),
    emptyOutDir: true,
    assetsDir: "assets",
    rollupOptions: {
      input: {
        terminal: resolve(here, "index.html"),
        kitchen: resolve(here, "kitchen.html"),
        manage: resolve(here, "manage.html"),
      },
    },
  },
  plugins: [copySwaggerUi()],
  test: { include: ["src/**/*.test.ts"], environment: "node" },
});
