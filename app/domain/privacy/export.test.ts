import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { exportReadme, exportZip, tableCsv } from "./export.ts";

const at = new Date("2026-11-30T10:00:00Z");

describe("the export's files", () => {
  it("writes a table as CSV: every key as a column, times in UTC, structures as JSON, nothing as empty, formulas as text", () => {
    const csv = tableCsv([
      { id: 1, street: "12 Golf Course Road", placed_at: at, address: { city: "Gurgaon" } },
      { id: 2, street: "=HYPERLINK(1)", note: null },
    ]);
    expect(csv.split("\r\n")).toEqual(["id,street,placed_at,address,note", '1,12 Golf Course Road,2026-11-30T10:00:00.000Z,"{""city"":""Gurgaon""}",', "2,'=HYPERLINK(1),,,", ""]);
  });

  it("zips data.json, a CSV per table with rows and a README naming each table's item of the notice, in the shopper's language", () => {
    const tables = { addresses: [{ id: 7, street: "12 Golf Course Road" }], sessions: [] };
    const readme = exportReadme("hi", tables, { shop: "Haat", exportedAt: at });
    const files = unzipSync(exportZip(tables, { readme, exportedAt: at, noticeVersion: "2026-11-30.2" }));
    expect(Object.keys(files).sort()).toEqual(["README.txt", "csv/addresses.csv", "data.json"]);
    expect(JSON.parse(strFromU8(files["data.json"]!))).toEqual({ exportedAt: "2026-11-30T10:00:00.000Z", noticeVersion: "2026-11-30.2", tables });
    const text = strFromU8(files["README.txt"]!);
    expect(text).toMatch(/^Haat के पास आपका डेटा, 2026-11-30 की स्थिति में/);
    expect(text).toContain("- addresses (1): ");
    expect(text).toContain("- sessions (0): ");
  });
});
