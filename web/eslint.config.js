// ESLint for the screens (docs/decisions.md, "The web app: layout, generated client, lint"):
// typescript-eslint's recommended rules without type information, and the hook rules (a
// missing effect dependency is a stale value on a tablet that never reloads).
import js from "@eslint/js";
import formatjs from "eslint-plugin-formatjs";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The parts whose words are all in catalogues.
// The parts of the screens; shared/ is what they share.
const PARTS = ["terminal", "kitchen", "manage", "board", "setup", "guest"];

const LOCALIZED = [
  "src/board/**/*.tsx",
  "src/guest/**/*.tsx",
  "src/shared/**/*.tsx",
  "src/kitchen/**/*.tsx",
  "src/setup/**/*.tsx",
  "src/terminal/**/*.tsx",
  "src/manage/**/*.tsx",
];

export default tseslint.config(
  { ignores: ["src/shared/api/schema.ts"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // Every word a person reads comes from a message catalogue (src/shared/i18n.ts): no literal
  // text in JSX, nor in the attributes read aloud or shown (aria-*, title, placeholder, alt,
  // and our components' label and hint). The parts not yet moved to catalogues are left out
  // until they are (docs/decisions.md, "Languages").
  {
    files: LOCALIZED,
    plugins: { formatjs },
    rules: {
      "formatjs/no-literal-string-in-jsx": ["error", { props: { include: [["*", "{label,hint}"]] } }],
    },
  },
  // A part imports no other part (only shared/): one function imported across would bring the
  // other part's whole English catalogue into the screen (docs/decisions.md, "Languages").
  ...["shared", ...PARTS].map((part) => ({
    files: [`src/${part}/**/*.{ts,tsx}`],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: PARTS.filter((other) => other !== part).map((other) => ({
            group: [`**/${other}/*`],
            message: `${other}/ is another part of the screens: move what both need to shared/`,
          })),
        },
      ],
    },
  })),
);
