// The privacy notice's table against the schema (issue 48): every column of every table is either
// in an item of personal data (and so in the notice) or named as holding none. A new column, or a
// new table, fails here until someone says which it is.
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { NOT_PERSONAL, PERSONAL_DATA } from "../../domain/privacy/personal-data.ts";
import { RETENTION } from "../../domain/privacy/retention.ts";
import * as schema from "./schema.server.ts";

const schemaColumns = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => Object.values(getTableColumns(table)).map((column) => `${getTableName(table)}.${column.name}`));

const personal = PERSONAL_DATA.flatMap((item) => item.columns);
const notPersonal = Object.entries(NOT_PERSONAL).flatMap(([table, columns]) => columns.map((column) => `${table}.${column}`));

describe("the personal data table", () => {
  it("names every column of the schema once: in an item of the notice, or as holding no personal data", () => {
    const named = [...personal, ...notPersonal];
    expect(
      schemaColumns.filter((column) => !named.includes(column)),
      "columns the notice does not account for",
    ).toEqual([]);
    expect(
      named.filter((column) => !schemaColumns.includes(column)),
      "columns the schema does not have",
    ).toEqual([]);
    expect(
      named.filter((column, i) => named.indexOf(column) !== i),
      "columns named twice",
    ).toEqual([]);
  });

  it("gives every item a period from the retention table and text in both languages", () => {
    for (const item of PERSONAL_DATA) {
      expect(RETENTION[item.kept], item.key).toBeDefined();
      for (const text of [item.what, item.why]) expect(text.en && text.hi, item.key).toBeTruthy();
    }
    expect(new Set(PERSONAL_DATA.map((item) => item.key)).size).toBe(PERSONAL_DATA.length);
  });
});
