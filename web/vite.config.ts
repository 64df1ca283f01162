// The screens' build: one page per screen (index.html the terminal, kitchen.html the kitchen
// display, manage.html the back office, board.html the guests' board, setup.html the first run,
// guest.html the guests' phone at a table, order.html the restaurant's own ordering page)
// sharing hashed files under assets/ (served with long cache headers); the pages are never cached. Written into the
// Python package's static folder. Swagger UI's script and style are copied beside it from the
// pinned npm package, so /docs works offline.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { faviconIco, ICON_SVG, iconPng, TERMINAL_MANIFEST } from "./src/build/icons";

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

/** sw.js at the build's root (its scope covers every page): service-worker.js with this build's
 * id and hashed assets written in, so each build has a cache of its own. */
function serviceWorker(): Plugin {
  return {
    name: "brigade-service-worker",
    apply: "build",
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((name) => name.startsWith("assets/"))
        .sort()
        .map((name) => `/${name}`);
      // Every file of the build counts: a page changed alone is a new build too.
      const hash = createHash("sha256");
      for (const name of Object.keys(bundle).sort()) {
        const file = bundle[name];
        hash.update(name).update(file.type === "chunk" ? file.code : file.source);
      }
      const build = hash.digest("hex").slice(0, 16);
      const source = readFileSync(resolve(here, "service-worker.js"), "utf8")
        .replace("__BUILD__", build)
        .replace("__ASSETS__", JSON.stringify(assets));
      this.emitFile({ type: "asset", fileName: "sw.js", source });
    },
  };
}

/** favicon.ico, icon.svg, the terminal's manifest.webmanifest and its PNG icons at the build's
 * root, drawn by src/build/icons.ts. */
function icons(): Plugin {
  return {
    name: "brigade-icons",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "favicon.ico", source: faviconIco() });
      this.emitFile({ type: "asset", fileName: "icon.svg", source: ICON_SVG });
      for (const size of [192, 512]) {
        this.emitFile({ type: "asset", fileName: `icon-${size}.png`, source: iconPng(size) });
      }
      const manifest = JSON.stringify(TERMINAL_MANIFEST, null, 2);
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: manifest });
    },
  };
}

/** Each part's pseudo-locale catalogue (messages/en-XA.json beside its en.json, not committed),
 * compiled from the English one by FormatJS before each build and test run (src/shared/i18n.ts,
 * PSEUDO). */
function pseudoLocale(): Plugin {
  return {
    name: "brigade-pseudo-locale",
    buildStart() {
      const compiler = resolve(here, "node_modules/.bin/formatjs");
      for (const part of readdirSync(resolve(here, "src"))) {
        const english = resolve(here, "src", part, "messages", "en.json");
        if (!existsSync(english)) continue;
        const pseudo = english.replace(/en\.json$/, "en-XA.json");
        const options = ["--format", "simple", "--ast", "--pseudo-locale", "en-XA", "--out-file", pseudo];
        execFileSync(compiler, ["compile", english, ...options]);
      }
    },
  };
}

/** In the build, each catalogue's messages parsed ahead into FormatJS's AST (the pseudo-locale's
 * are already), so the screens ship without the ICU parser: its no-parser build is aliased in. */
function parsedCatalogues(): Plugin {
  return {
    name: "brigade-parsed-catalogues",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!/\/messages\/[^/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, unknown>;
      const parsed = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, typeof message === "string" ? parse(message) : message]),
      );
      return { code: JSON.stringify(parsed), map: null };
    },
  };
}

const WITHOUT_PARSER: Record<string, string> = {
  "@formatjs/icu-messageformat-parser": "@formatjs/icu-messageformat-parser/no-parser.js",
};

export default defineConfig(({ command }) => ({
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
        board: resolve(here, "board.html"),
        setup: resolve(here, "setup.html"),
        guest: resolve(here, "guest.html"),
        order: resolve(here, "order.html"),
      },
    },
  },
  resolve: { alias: command === "build" ? WITHOUT_PARSER : {} },
  plugins: [pseudoLocale(), parsedCatalogues(), copySwaggerUi(), icons(), serviceWorker()],
  test: { include: ["src/**/*.test.ts"], environment: "node" },
}));
