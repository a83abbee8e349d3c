// Review Order's delivery form as the server renders it, before (or without) JavaScript (issue 41
// item 11): a new address starts from the account's name, verified mobile and e-mail; the e-mail
// is '(optional)' for an account with a verified mobile and required for one without; and an
// account without an e-mail is offered to keep the one typed, in Hindi too.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import "../../server/i18n.server.ts";
import type { DeliveryAccount } from "../../domain/address.ts";
import { AddressForm } from "./AddressForm.tsx";

const mobileOnly: DeliveryAccount = {
  newAddress: { firstName: "Meera", lastName: "Devi Sharma", email: "", phone: "9876501234" },
  emailOptional: true,
  offerKeepEmail: true,
};
const byEmail: DeliveryAccount = {
  newAddress: { firstName: "Asha", lastName: "Verma", email: "asha@example.in", phone: "98765 43210" },
  emailOptional: false,
  offerKeepEmail: false,
};

/** The form on /revieworder, or on /hi/revieworder (the Hindi pages' basename). */
function render(account: DeliveryAccount, locale: "en" | "hi" = "en"): string {
  const router = createMemoryRouter([{ path: "/revieworder", Component: () => createElement(AddressForm, { lastResult: undefined, account }) }], {
    basename: locale === "hi" ? "/hi" : "/",
    initialEntries: [locale === "hi" ? "/hi/revieworder" : "/revieworder"],
  });
  return renderToString(createElement(RouterProvider, { router }));
}
/** The input named `name`, as markup. */
const input = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
/** The label of the input named `name`. */
const label = (html: string, name: string) => {
  const id = /id="([^"]+)"/.exec(input(html, name))?.[1];
  return new RegExp(`<label[^>]*for="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html)?.[1]?.replace(/<[^>]+>/g, "") ?? "";
};

describe("the delivery form for a new address", () => {
  it("starts from a mobile account's name and number, its e-mail optional, and offers to keep an e-mail typed", () => {
    const html = render(mobileOnly);
    expect(input(html, "firstName")).toContain('value="Meera"');
    expect(input(html, "lastName")).toContain('value="Devi Sharma"');
    expect(input(html, "phone")).toContain('value="9876501234"');
    expect(input(html, "email")).not.toContain("required");
    expect(label(html, "email")).toBe("Email address (optional)");
    const keep = input(html, "keepEmail");
    expect(keep).toContain('type="checkbox"');
    expect(keep).toContain('value="on"');
    expect(keep).not.toContain("checked");
    expect(label(html, "keepEmail")).toContain("Also use this e-mail for my account");
  });

  it("starts from an e-mail account's name, phone and e-mail, which it requires, with nothing to keep", () => {
    const html = render(byEmail);
    expect(input(html, "firstName")).toContain('value="Asha"');
    expect(input(html, "email")).toContain('value="asha@example.in"');
    expect(input(html, "email")).toContain("required");
    expect(label(html, "email")).toBe("Email address");
    expect(input(html, "phone")).toContain('value="98765 43210"');
    expect(input(html, "keepEmail")).toBe("");
  });

  it("says it in Hindi on a Hindi page", () => {
    const html = render(mobileOnly, "hi");
    expect(label(html, "email")).toBe("ईमेल पता (वैकल्पिक)");
    expect(label(html, "keepEmail")).toContain("इस ईमेल को मेरे खाते के लिए भी इस्तेमाल करें");
  });
});
