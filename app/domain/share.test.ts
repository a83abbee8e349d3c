import { describe, expect, it } from "vitest";
import { mailLink, whatsappLink } from "./share.ts";

const page = { title: "Haat Select Basmati Rice & Dal", url: "https://shop.example.in/product/3?variant=GP-RICE-BAS-1KG" };

describe("share links", () => {
  it("open WhatsApp with the title and address as the message", () => {
    expect(whatsappLink(page)).toBe("https://wa.me/?text=Haat%20Select%20Basmati%20Rice%20%26%20Dal%20https%3A%2F%2Fshop.example.in%2Fproduct%2F3%3Fvariant%3DGP-RICE-BAS-1KG");
  });
  it("start an e-mail with the title as its subject and the address in its body", () => {
    const url = new URL(mailLink(page).replace("mailto:", "mailto://x"));
    expect(url.searchParams.get("subject")).toBe(page.title);
    expect(url.searchParams.get("body")).toBe(`${page.title}\n${page.url}`);
  });
});
