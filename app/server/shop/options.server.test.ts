import { describe, expect, it } from "vitest";
import { readEnv } from "../env.server.ts";
import { shopOptionsFromEnv } from "../shop-options.server.ts";

const SECRET = "s".repeat(40);
const CLERK = { AUTH_PROVIDER: "clerk", CLERK_SECRET_KEY: "sk_test_abc", CLERK_PUBLISHABLE_KEY: "pk_test_abc", CLERK_API_URL: "http://127.0.0.1:4999" };
const ERP = { SHOP_BACKEND: "erp", ERP_URL: "https://erp.example.in" };

describe("the Shop's options from the environment", () => {
  it("gives STAFF_EMAILS to the embedded Shop", () => {
    const options = shopOptionsFromEnv(readEnv({ SESSION_SECRET: SECRET, STAFF_EMAILS: "a@haat.example, b@haat.example" }), null);
    expect(options.payments?.staffEmails).toEqual(["a@haat.example", "b@haat.example"]);
    expect(options.erp).toBeUndefined();
  });

  it("gives STAFF_EMAILS and the secret to the ERP adapter, and no Clerk with local accounts", () => {
    const options = shopOptionsFromEnv(readEnv({ ...ERP, SESSION_SECRET: SECRET, STAFF_EMAILS: "a@haat.example" }), null);
    expect(options.erp).toMatchObject({ url: "https://erp.example.in", secret: SECRET, staffEmails: ["a@haat.example"], clerk: null });
  });

  it("gives the ERP adapter Clerk's secret key and API address with AUTH_PROVIDER=clerk", () => {
    const options = shopOptionsFromEnv(readEnv({ ...ERP, ...CLERK, SESSION_SECRET: SECRET }), null);
    expect(options.erp?.clerk).toEqual({ secretKey: "sk_test_abc", apiUrl: "http://127.0.0.1:4999" });
  });
});
