// The worker precaches what a precached page fetches once it has hydrated (components/later.tsx),
// with what that imports in turn, read from the built files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { laterFiles } from "./build-sw.ts";

it("finds a precached file's later imports and theirs, once each, and nothing it already has", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haat-sw-"));
  fs.mkdirSync(path.join(dir, "assets"));
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, "assets", name), text);
  write("entry.js", 'import{a}from"./libraries.js";const F=()=>import(`./Footer.js`),S=()=>import("./SearchBox.js");');
  write("libraries.js", "export const a=1;");
  write("Footer.js", 'import{n}from"./Newsletter.js";import{a}from"./libraries.js";export const Footer=1;');
  write("Newsletter.js", 'import{a}from"./libraries.js";export const n=1;');
  write("SearchBox.js", 'import{n}from"./Newsletter.js";export const SearchBox=1;');
  expect(laterFiles(dir, ["assets/entry.js", "assets/libraries.js"])).toEqual(["assets/Footer.js", "assets/Newsletter.js", "assets/SearchBox.js"]);
});
