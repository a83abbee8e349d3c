// 'Notify Me' (issue 29, decision 057), on PGlite and PostgreSQL: a shopper asks to hear when an
// out-of-stock item is back; stock put back by staff, or by an import, queues one mail per waiting
// shopper (sent by the mail queue's retry, not by the staff member's request) and ends the request;
// a cancelled request gets none; asking while in stock is refused.
import { editOf } from "../../app/domain/staff-catalog.ts";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCatalogFile } from "../../app/domain/catalog-file.ts";
import { customers, mailQueue, stockRequests, variants } from "../../app/server/db/schema.server.ts";
import { appEnv } from "../../app/server/env.server.ts";
import { smsSender } from "../../app/server/sms/sms.server.ts";
import { retryKeptMail } from "../../app/server/mail/queue.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";
import { recordingMailer, refusal } from "./fixtures.ts";

const MANGOES = "FB-MNG-1KG"; // out of stock in the demo catalogue
const PANEER = "FB-PNR-500G";

describe.each(targets)("'Notify Me' on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let staff: Customer;
  let n = 0;

  beforeAll(async () => {
    staff = await on.shop.accounts.register({ name: "Stocker", email: "stocker@haat.example", phone: "9876543210", password: "password-1" });
  });
  beforeEach(async () => {
    await on.database.db
      .update(variants)
      .set({ inventoryStock: 0, inStock: true })
      .where(inArray(variants.internalReference, [MANGOES, PANEER]));
    await on.database.db.delete(mailQueue);
  });

  const shopper = (name: string) => on.shop.accounts.register({ name, email: `notify${n++}@example.in`, phone: "9876543210", password: "password-1" });
  const queued = () => on.database.db.select().from(mailQueue).orderBy(mailQueue.id);
  async function variantOf(reference: string) {
    const [found] = await on.shop.staffCatalog.search(reference, 5);
    return found!.variants.find((v) => v.internalReference === reference)!;
  }
  const seen = editOf;

  it("mails each waiting shopper once when staff put stock back, and none for a cancelled request", async () => {
    const asha = await shopper("Asha");
    const ravi = await shopper("Ravi");
    const meena = await shopper("Meena");
    await on.shop.stockRequests.request(asha, MANGOES, "en");
    await on.shop.stockRequests.request(asha, MANGOES, "en"); // asked twice: one request
    await on.shop.stockRequests.request(ravi, MANGOES, "hi");
    await on.shop.stockRequests.request(meena, MANGOES, "en");
    const [mine] = await on.shop.stockRequests.list(meena);
    await on.shop.stockRequests.cancel(meena, mine!.id);
    expect(await on.shop.stockRequests.list(meena)).toEqual([]);
    expect((await refusal(on.shop.stockRequests.cancel(meena, mine!.id))).code).toBe("not_found");
    expect((await on.shop.stockRequests.list(asha)).map((r) => r.internalReference)).toEqual([MANGOES]);

    // Staff change the price only: still out of stock, nobody is told.
    let mangoes = await variantOf(MANGOES);
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, seen(mangoes), { ...seen(mangoes), pricePaise: mangoes.pricePaise - 100 });
    expect(await queued()).toEqual([]);

    mangoes = await variantOf(MANGOES);
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, seen(mangoes), { ...seen(mangoes), onHand: 12 });
    const mails = await queued();
    expect(mails.map((m) => m.to).sort()).toEqual([asha.email, ravi.email].sort());
    const toAsha = mails.find((m) => m.to === asha.email)!;
    expect(toAsha.subject).toBe("Aravalli Farms Kesar Mangoes is back in stock at Haat");
    expect(toAsha.body).toMatch(/\/product\/\d+$/m);
    // Ravi asked on a Hindi page: his mail is in Hindi, with the Hindi name and page.
    const toRavi = mails.find((m) => m.to === ravi.email)!;
    expect(toRavi.subject).toContain("फिर से स्टॉक में है");
    expect(toRavi.body).toMatch(/\/hi\/product\/\d+$/m);
    expect(await on.shop.stockRequests.list(asha)).toEqual([]);

    // Sent in the background by the queue's retry; a second stock change sends nothing more.
    const mailer = recordingMailer();
    expect(await retryKeptMail(on.shop, mailer)).toEqual({ sent: 2, failed: 0 });
    mangoes = await variantOf(MANGOES);
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, seen(mangoes), { ...seen(mangoes), onHand: 20 });
    expect(await queued()).toEqual([]);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([asha.email, ravi.email].sort());
  });

  it("mails the waiting shoppers when an import puts stock back, and texts a verified mobile when the shop sends SMS", async () => {
    const asha = await shopper("Asha");
    await on.database.db
      .update(customers)
      .set({ mobile: `98${String(100_000_00 + n).slice(-8)}`, mobileVerifiedAt: new Date() })
      .where(eq(customers.id, asha.id));
    await on.shop.stockRequests.request(asha, PANEER, "en");
    const file = parseCatalogFile(
      JSON.stringify({
        products: [
          {
            title: "Aravalli Farms Malai Paneer",
            category: "All / Farm Basket",
            variants: [{ internal_reference: PANEER, attribute: "Net Weight 500 g", price: 229, mrp: 250, inventory_stock: 5 }],
          },
        ],
      }),
      "json",
    );
    if (!file.ok) throw new Error(JSON.stringify(file.errors));
    const summary = await on.shop.staffCatalog.importFile(staff.id, file.file, "paneer.json");
    expect(summary.shoppersNotified).toBe(1);
    const texts = smsSender(appEnv())?.sends("backInStock") ?? false;
    const rows = await queued();
    expect(rows.filter((m) => m.channel === "mail").map((m) => [m.to, m.subject])).toEqual([[asha.email, "Aravalli Farms Malai Paneer is back in stock at Haat"]]);
    const sms = rows.filter((m) => m.channel === "sms");
    expect(sms.map((m) => m.subject)).toEqual(texts ? ["backInStock"] : []);
    if (texts) expect(JSON.parse(sms[0]!.body)).toMatchObject({ item: "Aravalli Farms Malai Paneer", link: expect.stringMatching(/\/product\/\d+$/) });
    const [request] = await on.database.db.select().from(stockRequests).where(eq(stockRequests.customerId, asha.id));
    expect(request!.notifiedAt).not.toBeNull();
  });

  it("keeps waiting a shopper with nowhere to be told: no e-mail and no verified number", async () => {
    const mobileOnly = await shopper("Mobile Only");
    await on.database.db.update(customers).set({ email: null, mobile: null, mobileVerifiedAt: null }).where(eq(customers.id, mobileOnly.id));
    await on.shop.stockRequests.request(mobileOnly, MANGOES, "en");
    const mangoes = await variantOf(MANGOES);
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, seen(mangoes), { ...seen(mangoes), onHand: 3 });
    expect(await queued()).toEqual([]);
    expect((await on.shop.stockRequests.list(mobileOnly)).map((r) => r.internalReference)).toEqual([MANGOES]);
  });

  it("names the variants a shopper waits for in every page's facts, read with the session, until cancelled or told (issue 41)", async () => {
    const asha = await shopper("Asha");
    const { token } = await on.shop.accounts.startSession(asha.id);
    const facts = async () => ({ viewer: (await on.shop.viewer.of(asha)).notify, session: (await on.shop.accounts.resumeSession(token))?.viewer?.notify });
    expect(await facts()).toEqual({ viewer: {}, session: {} });
    await on.shop.stockRequests.request(asha, MANGOES, "en");
    await on.shop.stockRequests.request(asha, PANEER, "hi");
    const ids = Object.fromEntries((await on.shop.stockRequests.list(asha)).map((r) => [r.internalReference, r.id]));
    expect(await facts()).toEqual({ viewer: ids, session: ids });
    // Someone else's request is not Asha's.
    await on.shop.stockRequests.request(await shopper("Ravi"), MANGOES, "en");
    expect((await facts()).viewer).toEqual(ids);

    await on.shop.stockRequests.cancel(asha, ids[PANEER]!);
    expect(await facts()).toEqual({ viewer: { [MANGOES]: ids[MANGOES] }, session: { [MANGOES]: ids[MANGOES] } });
    const mangoes = await variantOf(MANGOES);
    await on.shop.staffCatalog.updateVariant(staff.id, mangoes.id, seen(mangoes), { ...seen(mangoes), onHand: 4 });
    expect(await facts()).toEqual({ viewer: {}, session: {} });
  });

  it("refuses a request for an item in stock, or unknown", async () => {
    const asha = await shopper("Asha");
    expect((await refusal(on.shop.stockRequests.request(asha, "GP-PUL-MSR-1KG", "en"))).message).toBe("This item is in stock: add it to your cart.");
    expect((await refusal(on.shop.stockRequests.request(asha, "NO-SUCH-REF", "en"))).code).toBe("not_found");
    expect(await on.shop.stockRequests.list(asha)).toEqual([]);
  });
});
