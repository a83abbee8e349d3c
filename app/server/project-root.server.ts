// Files that ship beside the code (migrations, the demo catalogue) are found from the
// project's root, not from this module's own place: the same code runs from app/server
// (scripts, tests, Vite in development) and bundled into build/server/index.js.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The nearest directory above this module that holds package.json. */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}: cannot find the project's root`);
    dir = parent;
  }
  return (root = dir);
}

/** A path inside the project, e.g. projectPath("drizzle"). */
export function projectPath(...segments: string[]): string {
  return path.join(projectRoot(), ...segments);
}
