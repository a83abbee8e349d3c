import { describe, expect, it } from "vitest";
import { parseDescription, plainText } from "./description.ts";

describe("parseDescription", () => {
  it("reads <strong>Label:</strong> value paragraphs", () => {
    expect(parseDescription("<p><strong>Origin:</strong> Dehradun, Uttarakhand</p><p><strong>Shelf Life:</strong> 12 months</p>")).toEqual([
      { label: "Origin", value: "Dehradun, Uttarakhand" },
      { label: "Shelf Life", value: "12 months" },
    ]);
  });
  it("reads list items and line breaks, decoding entities", () => {
    expect(parseDescription("<ul><li><b>Care:</b> Hand wash &amp; dry</li><li><b>Material</b>: Bone china</li></ul>")).toEqual([
      { label: "Care", value: "Hand wash & dry" },
      { label: "Material", value: "Bone china" },
    ]);
    expect(parseDescription("Storage: Cool place<br/>Contents: 6 jars")).toEqual([
      { label: "Storage", value: "Cool place" },
      { label: "Contents", value: "6 jars" },
    ]);
  });
  it("keeps text without a label as a value", () => {
    expect(parseDescription("<p>Hand-picked <em>kesar</em> mangoes.</p>")).toEqual([{ label: "", value: "Hand-picked kesar mangoes." }]);
  });
  it("drops scripts, styles and event handlers entirely", () => {
    const pairs = parseDescription('<p><strong>Ingredients:</strong> Cashew<script>alert(1)</script></p><img src=x onerror="alert(2)">');
    expect(pairs).toEqual([{ label: "Ingredients", value: "Cashew" }]);
    expect(JSON.stringify(pairs)).not.toContain("alert");
  });
  it("gives nothing for empty markup", () => {
    expect(parseDescription("")).toEqual([]);
    expect(parseDescription(null)).toEqual([]);
    expect(parseDescription("<p> </p>")).toEqual([]);
  });
});

describe("plainText", () => {
  it("strips tags and decodes numeric entities", () => {
    expect(plainText("<b>Chai</b> &#8377;99 &#x20B9;5")).toBe("Chai ₹99 ₹5");
  });
});
