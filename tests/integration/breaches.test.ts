// Breaches and the processing log (issue 48 items 6 and 7, decisions 087 and 088), on PGlite and
// PostgreSQL: staff record a breach with whom it touched (nothing written when a person named is
// unknown); the notices go once per account and channel, in the shopper's language, each logged;
// the Board's notice is drafted under rule 7(2) and its sending recorded; the shopper finds the
// notice in My Account. Staff's reads and the shop's jobs are in the shopper's processing log with
// staff's changes, and the log goes after a year.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { boardNotice, breachSchema } from "../../app/domain/privacy/breach.ts";
import type { Sms } from "../../app/domain/sms.ts";
import { store } from "../../app/domain/store-config.ts";
import * as t from "../../app/server/db/schema.server.ts";
import type { SmsSender } from "../../app/server/sms/sms.server.ts";
import type { Customer } from "../../app/server/shop/port.server.ts";
import { notifyShoppers, recordBoardNotice, recordBreach } from "../../app/server/use-cases/breaches.server.ts";
import { deleteAccount } from "../../app/server/use-cases/erasure.server.ts";
import { findShoppers, shopperLog, staffRead } from "../../app/server/use-cases/processing-log.server.ts";
import { targets } from "./databases.ts";
import { recordingMailer, refusal, shopOn } from "./fixtures.ts";

function recordingSms(): SmsSender & { sent: Sms[] } {
  const sent: Sms[] = [];
  return { provider: "test", sends: () => true, send: async (sms) => void sent.push(sms), sent };
}

const form = (overrides: Record<string, unknown> = {}) =>
  breachSchema.parse({
    what: "A copy of the delivery list was left on a shared drive open to anyone with its link.",
    location: "The shop's shared drive",
    found_at: "2026-11-29T09:30",
    occurred_at: "2026-11-27T18:00",
    items: ["contact", "addresses"],
    whose: "listed",
    people: "",
    consequences: "Someone may call or visit claiming to be from the shop.",
    mitigation: "The link was closed within the hour and the drive's access reviewed.",
    safety: "Do not share codes with callers; we never ask for them.",
    ...overrides,
  });

describe.each(targets)("breaches and the processing log on $name", (target) => {
  const on = shopOn(target, { catalog: true });
  let n = 0;

  async function account(name: string, language: "en" | "hi" = "en", withMobile = true): Promise<Customer> {
    const tag = `${name.toLowerCase()}-${target.name}-${n++}-${Date.now()}`;
    const c = await on.shop.accounts.register({ name, email: `${tag}@example.in`, phone: "9812345678", password: "a-password-1" });
    if (withMobile) await on.shop.accounts.setMobile(c.id, `8${String(Date.now() + n * 7919).slice(-9)}`, true);
    await on.database.db.update(t.customers).set({ language }).where(eq(t.customers.id, c.id));
    return (await on.shop.accounts.byId(c.id))!;
  }

  /** The notices go beside the staff's press: staff wait until none is waiting. */
  const allSent = (id: number) =>
    vi.waitFor(
      async () => {
        if ((await on.shop.breaches.get(id))!.counts.waiting > 0) throw new Error("notices still waiting");
      },
      { timeout: 30_000, interval: 50 },
    );

  it("records a breach, refuses unknown people with nothing written, sends each notice once in the shopper's language, and logs it all", async () => {
    const staff = await account("Staffer", "en", false);
    const asha = await account("Asha", "hi");
    const ravi = await account("Ravi", "en", false);
    const other = await account("Other");
    const before = (await on.shop.breaches.list()).length;

    // An e-mail no account has: refused, naming it; nothing written.
    const unknown = await refusal(recordBreach(on.shop, staff, form({ people: `${asha.email}\nnobody-${n}@example.in` })));
    expect(unknown.message).toBe(`No account has these e-mails or numbers: nobody-${n}@example.in. Check them, or leave them out.`);
    // What is neither an e-mail nor a number is refused by the form's own check, before anything is asked of the shop.
    expect(() => form({ people: "not a person" })).toThrow("These are neither an e-mail nor a 10-digit mobile number: not a person.");
    expect((await on.shop.breaches.list()).length).toBe(before);

    // Asha by her mobile number, Ravi by e-mail.
    const { id } = await recordBreach(on.shop, staff, form({ people: `${asha.mobile}\n${ravi.email!.toUpperCase()}` }));
    const breach = (await on.shop.breaches.get(id))!;
    expect(breach.counts).toEqual({ people: 2, sent: { mail: 0, sms: 0 }, waiting: 0, failed: 0 });
    expect(breach.occurredAt!.toISOString()).toBe("2026-11-27T12:30:00.000Z");

    // The press: queued and sent beside it; a second press queues nothing new.
    const mail = recordingMailer();
    const sms = recordingSms();
    expect(await notifyShoppers(on.shop, mail, sms, staff, id)).toEqual({ message: "Notices queued for 2 shoppers: each is sent by mail and by SMS where the account has them." });
    await allSent(id);
    expect(await notifyShoppers(on.shop, mail, sms, staff, id)).toEqual({ message: "The shoppers' notices were queued already; any new ones are added." });
    await allSent(id);

    const toAsha = mail.sent.filter((m) => m.to === asha.email);
    const toRavi = mail.sent.filter((m) => m.to === ravi.email);
    expect(toAsha).toHaveLength(1);
    expect(toRavi).toHaveLength(1);
    expect(mail.sent.some((m) => m.to === other.email)).toBe(false);
    // Asha reads it in Hindi, Ravi in English, each with the rule's parts.
    expect(toAsha[0]!.subject).toBe("ज़रूरी: Haat में एक सुरक्षा उल्लंघन ने आपके डेटा को छुआ");
    expect(toAsha[0]!.text).toContain("आप क्या कर सकते हैं\nDo not share codes with callers");
    expect(toRavi[0]!.subject).toBe("Important: a breach of security at Haat touched your data");
    for (const part of [
      "What happened\nA copy of the delivery list",
      "Your data it touched\nYour name, e-mail address and mobile number;",
      "What we have done\n",
      "Questions: write to",
    ])
      expect(toRavi[0]!.text).toContain(part);
    // Ravi has no number: one SMS, Asha's, in Hindi, pointing to My Account.
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]).toMatchObject({ to: asha.mobile, template: "breach", language: "hi", values: { link: expect.stringMatching(/\/hi\/myaccount\/privacy$/) } });

    const after = (await on.shop.breaches.get(id))!;
    expect(after.counts).toEqual({ people: 2, sent: { mail: 2, sms: 1 }, waiting: 0, failed: 0 });
    expect(after.noticesQueuedAt).not.toBeNull();
    const log = await on.shop.breaches.notices(id);
    expect(log.map((r) => [r.customerId, r.channel, r.status]).sort()).toEqual(
      [
        [asha.id, "mail", "sent"],
        [asha.id, "sms", "sent"],
        [ravi.id, "mail", "sent"],
      ].sort(),
    );

    // The Board's draft: rule 7(2)'s parts, the count of intimations; its sending recorded once staff say so.
    const board = boardNotice(after, after.counts, store);
    expect(board).toContain("(b) Detailed information, due by 2 December 2026 at 9:30 am IST");
    expect(board).toContain("(vi) Intimations given to affected Data Principals: 2 by e-mail and 1 by SMS, to 2 account holders");
    expect(await recordBoardNotice(on.shop, staff, id, "DPB portal ref 42")).toEqual({ message: "The Board's notice is recorded as sent." });
    expect((await on.shop.breaches.get(id))!.boardReference).toBe("DPB portal ref 42");
    expect((await refusal(recordBoardNotice(on.shop, staff, 999_999, "x"))).code).toBe("not_found");

    // In the shopper's account; not in another's.
    expect((await on.shop.breaches.forCustomer(asha.id)).map((b) => b.id)).toEqual([id]);
    expect(await on.shop.breaches.forCustomer(other.id)).toEqual([]);

    // Each notice sent is in the shopper's processing log, as the shop's; so are staff's changes (none here) and reads.
    const ashaLog = await on.shop.processingLog.forCustomer(asha.id, asha.email);
    expect(
      ashaLog
        .filter((l) => "system" in l.by && l.by.system === "breach-notice")
        .map((l) => l.what)
        .sort(),
    ).toEqual(["e-mail", "mobile"]);
  });

  it("a breach of every account tells every account open when it was found, none twice, and none opened after", async () => {
    const staff = await account("Staffer", "en", false);
    const opened = await account("Opened");
    // Found now, to the millisecond (the form's minutes would leave out accounts opened this minute).
    const { what, location, items, consequences, mitigation, safety } = form({ whose: "everyone" });
    const made = await on.shop.breaches.record(
      staff.id,
      { what, location, items, consequences, mitigation, safety, occurredAt: null, foundAt: new Date(), everyone: true, cause: "", prevention: "" },
      { emails: [], mobiles: [] },
    );
    const id = (made as { id: number }).id;
    const late = await account("Late");
    await on.database.db
      .update(t.customers)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(t.customers.id, late.id));
    const mail = recordingMailer();
    await notifyShoppers(on.shop, mail, null, staff, id);
    await allSent(id);
    const b = (await on.shop.breaches.get(id))!;
    expect(b.counts.people).toBeGreaterThan(2);
    expect(b.counts.sent.mail).toBe(new Set(mail.sent.map((m) => m.to)).size);
    expect(mail.sent.some((m) => m.to === opened.email)).toBe(true);
    expect(mail.sent.some((m) => m.to === late.email)).toBe(false);
    // Without an SMS provider, the SMS are not sent, and say why.
    const skipped = (await on.shop.breaches.notices(id, 10_000)).filter((r) => r.channel === "sms");
    expect(skipped.every((r) => r.status === "skipped" && /MSG91_TEMPLATE_BREACH/.test(r.error ?? ""))).toBe(true);
  });

  it("logs staff's reads and searches, the shop's jobs, and staff's changes, per shopper; an erased shopper's log stays a year", async () => {
    const staff = await account("Auditor", "en", false);
    const meera = await account("Meera");
    await staffRead(on.shop, staff, [{ customerId: meera.id, what: "order", detail: "#12" }]);
    const found = (await findShoppers(on.shop, staff, meera.email!))!;
    expect(found.map((f) => f.id)).toEqual([meera.id]);
    expect((await findShoppers(on.shop, staff, meera.mobile!))!.map((f) => f.id)).toEqual([meera.id]);
    // Too little to match by: nobody (not the table's first accounts), and nothing logged.
    for (const q of ["a", "#", "  "]) expect(await findShoppers(on.shop, staff, q)).toBeNull();

    // Staff's change to her account (their audit row) is in her log too.
    await on.database.db.insert(t.staffAudit).values({ staffId: staff.id, action: "customer.note", entity: "customer", entityId: String(meera.id) });
    const { lines } = (await shopperLog(on.shop, staff, meera.id))!;
    expect(lines.map((l) => [l.action, l.what, "staff" in l.by ? l.by.staff : null])).toEqual(
      expect.arrayContaining([
        ["read", "processing-log", "Auditor"],
        ["read", "order", "Auditor"],
        ["read", "search", "Auditor"],
        ["change", "customer.note", "Auditor"],
      ]),
    );
    // Another shopper's log has none of it.
    const other = await account("Kiran");
    expect((await on.shop.processingLog.forCustomer(other.id, other.email)).filter((l) => l.what !== "processing-log")).toEqual([]);

    // Her erasure is the shop's change in her log, which stays (it names her account by its id only).
    expect(await deleteAccount(on.shop, meera, { password: "a-password-1", sessionToken: "", clientAddress: "127.0.0.1" })).toMatchObject({ message: expect.any(String) });
    const kept = await on.shop.processingLog.forCustomer(meera.id, null);
    expect(kept.some((l) => "system" in l.by && l.by.system === "erasure" && l.action === "change")).toBe(true);

    // Retention removes lines older than a year, and only those.
    const [old] = await on.database.db
      .insert(t.processingLog)
      .values({ customerId: other.id, staffId: staff.id, action: "read", what: "order", at: new Date(Date.now() - 366 * 86_400_000) })
      .returning({ id: t.processingLog.id });
    const removed = await on.shop.privacy.removeExpired(new Date());
    expect(removed?.processingLog).toBeGreaterThanOrEqual(1);
    expect(await on.database.db.select().from(t.processingLog).where(eq(t.processingLog.id, old!.id))).toEqual([]);
    expect((await on.shop.processingLog.forCustomer(meera.id, null)).length).toBeGreaterThan(0);
  });
});
