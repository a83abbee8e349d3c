// The process's table of statement names (decision 090).
import { describe, expect, it } from "vitest";
import { StatementNames } from "./prepared.server.ts";

describe("statement names", () => {
  it("gives a text the same name each time, and another text another name", () => {
    const names = new StatementNames();
    const a = names.nameOf("select $1::int");
    expect(a).toMatch(/^haat_/);
    expect(names.nameOf("select $1::int")).toBe(a);
    expect(names.nameOf("select $1::text")).not.toBe(a);
    expect(names.size).toBe(2);
  });

  it("names no more texts than its limit; those named keep their names", () => {
    const names = new StatementNames(2);
    const first = names.nameOf("a $1");
    names.nameOf("b $1");
    expect(names.nameOf("c $1")).toBeUndefined();
    expect(names.nameOf("a $1")).toBe(first);
    expect(names.size).toBe(2);
  });

  it("runs a forgotten text unnamed from then on, without giving its place to another", () => {
    const names = new StatementNames(1);
    names.nameOf("a $1");
    names.forget("a $1");
    expect(names.nameOf("a $1")).toBeUndefined();
    expect(names.nameOf("b $1")).toBeUndefined();
  });
});
