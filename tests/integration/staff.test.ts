// The staff side's checks and records (issue 14), on PGlite and PostgreSQL: who is staff (a
// confirmed e-mail, and the role or STAFF_EMAILS), a day's orders by slot, and the audit row every staff move writes.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopDate, slotDates } from "../../app/domain/delivery.ts";
import { staffAudit } from "../../app/server/db/schema.server.ts";
import { parseOrderQuery } from "../../app/domain/order-search.ts";
import { packingSlipsPdf } from "../../app/server/invoice/packing-slip.server.ts";
import { pdfLayoutText } from "../pdf-text.ts";
import { targets } from "./databases.ts";
import { shopOn } from "./fixtures.ts";
import { confirmed, home, refusal } from "./fixtures.ts";

describe.each(targets)("staff on $name", (target) => {
  const on = shopOn(target, { catalog: true }, { razorpay: null, publicOrigin: "https://shop.example.in", prepaidPercent: 0, staffEmails: ["Listed@Haat.example"] });

  it("is staff by STAFF_EMAILS or by the role the command gives, and nobody else", async () => {
    const listed = await on.shop.accounts.register({ name: "Listed", email: "listed@haat.example", phone: "9876543210", password: "password-1" });
    const made = await on.shop.accounts.register({ name: "Made", email: "made@haat.example", phone: "9876543210", password: "password-1" });
    const shopper = await on.shop.accounts.register({ name: "Shopper", email: "shopper@haat.example", phone: "9876543210", password: "password-1" });
    // Neither is staff before the mailbox is proved theirs (decision 047).
    expect(await on.shop.staff.isStaff(listed)).toBe(false);
    expect(await on.shop.staff.makeStaff("MADE@haat.example")).toBe("unconfirmed");
    expect(await on.shop.staff.isStaff(made)).toBe(false);
    await confirmed(on.shop, listed);
    await confirmed(on.shop, made);
    await confirmed(on.shop, shopper);
    expect(await on.shop.staff.isStaff(listed)).toBe(true);
    expect(await on.shop.staff.isStaff(made)).toBe(false);
    expect(await on.shop.staff.makeStaff("MADE@haat.example")).toBe("made");
    expect(await on.shop.staff.isStaff(made)).toBe(true);
    expect(await on.shop.staff.isStaff(shopper)).toBe(false);
    expect(await on.shop.staff.makeStaff("nobody@haat.example")).toBe("no_account");
  });

  it("lists a day's orders by slot, and audits every move with who, what, before and after", async () => {
    const staff = await on.shop.accounts.register({ name: "Packer", email: "packer@haat.example", phone: "9876543210", password: "password-1" });
    const date = slotDates(new Date())[0]!;
    const ids: number[] = [];
    for (const kind of ["evening", "morning"] as const) {
      const c = await on.shop.accounts.register({ name: `Buyer ${kind}`, email: `buyer-${kind}@example.in`, phone: "9876543210", password: "password-1" });
      const address = await on.shop.addresses.create(c, home);
      await on.shop.cart.add(c, { internalReference: "GP-PUL-CHD-500G", quantity: 2 });
      ids.push((await on.shop.orders.place(c, { cartId: (await on.shop.cart.get(c)).id!, addressId: address.id, paymentMethod: "cod", slot: { date, kind } })).orderId);
    }
    const list = await on.shop.staff.ordersOn(date, null);
    expect(list.map((o) => [o.id, o.slotKind, o.items, o.stage])).toEqual([
      [ids[1], "morning", 2, "placed"],
      [ids[0], "evening", 2, "placed"],
    ]);
    await on.shop.orders.advance(ids[0]!, "placed", staff.id);
    expect((await on.shop.staff.ordersOn(date, "confirmed")).map((o) => o.id)).toEqual([ids[0]]);
    const rows = await on.database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.entityId, String(ids[0])));
    expect(rows).toMatchObject([{ staffId: staff.id, action: "order.advance", entity: "order", before: { stage: "placed" }, after: { stage: "confirmed" } }]);
  });
});

describe.each(targets)("finding orders on $name", (target) => {
  const on = shopOn(target, { catalog: true });

  it("finds any day's order by number, name, phone or PIN, and opens on the next day with deliveries (issue 46)", async () => {
    const staff = await on.shop.accounts.register({ name: "Finder", email: "finder@haat.example", phone: "9876543210", password: "password-1" });
    const [first, , third] = slotDates(new Date());
    expect(await on.shop.staff.nextDeliveryDay(shopDate(new Date()))).toBeNull();
    const place = async (name: string, phone: string, zip: string, date: string) => {
      const c = await on.shop.accounts.register({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@example.in`, phone, password: "password-1" });
      const address = await on.shop.addresses.create(c, { ...home, name, phone, zip });
      await on.shop.cart.add(c, { internalReference: "GP-PUL-CHD-500G", quantity: 1 });
      const { orderId } = await on.shop.orders.place(c, { cartId: (await on.shop.cart.get(c)).id!, addressId: address.id, paymentMethod: "cod", slot: { date, kind: "morning" } });
      return { id: orderId, number: (await on.shop.orders.get(c, orderId))!.number };
    };
    const neha = await place("Neha Gupta", "+91 98765 01234", "122002", third!);
    const ravi = await place("Ravi 50%_Kumar", "9811122233", "122018", first!);
    const found = async (q: string) => (await on.shop.staff.findOrders(parseOrderQuery(q)!, 50)).map((o) => o.id);
    expect(await found("9876501234")).toEqual([neha.id]);
    expect(await found("098765 01234")).toEqual([neha.id]);
    expect(await found("neha")).toEqual([neha.id]);
    expect(await found("122018")).toEqual([ravi.id]);
    expect(await found(`#${ravi.number}`)).toEqual([ravi.id]);
    // A name's % and _ are letters, not wildcards.
    expect(await found("50%_k")).toEqual([ravi.id]);
    expect(await found("0%_n")).toEqual([]);
    // The latest delivery first, each with its day.
    expect((await on.shop.staff.findOrders(parseOrderQuery("gupta")!, 50))[0]).toMatchObject({ date: third, name: "Neha Gupta", zip: "122002" });
    expect(await on.shop.staff.nextDeliveryDay(shopDate(new Date()))).toBe(first);
    // A slot's slips in one PDF, by order number, each counting its own pages.
    const asha = await place("Asha Verma", "9811100000", "122001", first!);
    const inSlot = await on.shop.orders.inSlot({ date: first!, kind: "morning" });
    expect(inSlot.map((o) => o.id)).toEqual([ravi.id, asha.id]);
    const text = pdfLayoutText(await packingSlipsPdf(inSlot, { Title: "Packing slips", Subject: "2 orders" }));
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Order #${ravi.number}`);
    expect(pages[0]).toContain("Ravi 50%_Kumar");
    expect(pages[0]).toContain(`Order #${ravi.number} | Page 1 of 1`);
    expect(pages[1]).toContain("Asha Verma");
    expect(pages[1]).toContain(`Order #${asha.number} | Page 1 of 1`);
    expect(await on.shop.orders.inSlot({ date: first!, kind: "evening" })).toEqual([]);
    // Delivered, a day no longer has deliveries to open on.
    for (const order of [ravi, asha]) for (const from of ["placed", "confirmed", "packed", "out_for_delivery"] as const) await on.shop.orders.advance(order.id, from, staff.id);
    expect(await on.shop.staff.nextDeliveryDay(shopDate(new Date()))).toBe(third);
  });
});

describe.each(targets)("a slot's pick list on $name", (target) => {
  const on = shopOn(target, { catalog: true });

  it("sums a slot's placed orders by variant, by shelf, with the weighed lines' estimate, and keeps each line's tick (issue 46)", async () => {
    const picker = await on.shop.accounts.register({ name: "Picker", email: "picker@haat.example", phone: "9876543210", password: "password-1" });
    const slot = { date: slotDates(new Date())[1]!, kind: "evening" as const };
    const place = async (n: number, lines: [string, number][]) => {
      const c = await on.shop.accounts.register({ name: `Picked ${n}`, email: `picked${n}@example.in`, phone: "9876543210", password: "password-1" });
      const address = await on.shop.addresses.create(c, home);
      for (const [internalReference, quantity] of lines) await on.shop.cart.add(c, { internalReference, quantity });
      return (await on.shop.orders.place(c, { cartId: (await on.shop.cart.get(c)).id!, addressId: address.id, paymentMethod: "cod", slot })).orderId;
    };
    await place(1, [
      ["GP-PUL-CHD-500G", 2],
      ["FB-TOM-500G", 1],
    ]);
    await place(2, [["GP-PUL-CHD-500G", 1]]);
    const cancelled = await place(3, [["GP-PUL-CHD-500G", 5]]);
    const c3 = (await on.shop.staff.customerOfOrder(cancelled))!;
    await on.shop.orders.cancel(c3, cancelled);
    const list = await on.shop.staff.pickList(slot);
    expect(list.map((l) => [l.internalReference, l.units, l.orders, l.estimateGrams, l.picked])).toEqual(
      // By shelf: the category paths sort Fresh before Grocery.
      [...list].sort((a, b) => a.shelf.localeCompare(b.shelf)).map((l) => [l.internalReference, l.units, l.orders, l.estimateGrams, null]),
    );
    expect(Object.fromEntries(list.map((l) => [l.internalReference, [l.units, l.orders, l.estimateGrams]]))).toEqual({ "GP-PUL-CHD-500G": [3, 2, null], "FB-TOM-500G": [1, 1, 500] });
    const dal = list.find((l) => l.internalReference === "GP-PUL-CHD-500G")!;
    await on.shop.staff.tickPicked(slot, dal.variantId, true, picker.id);
    await on.shop.staff.tickPicked(slot, dal.variantId, true, picker.id);
    expect((await on.shop.staff.pickList(slot)).find((l) => l.variantId === dal.variantId)!.picked).toMatchObject({ by: "Picker" });
    await on.shop.staff.tickPicked(slot, dal.variantId, false, picker.id);
    expect((await on.shop.staff.pickList(slot)).every((l) => l.picked === null)).toBe(true);
    // Not on this slot's list: refused, nothing written.
    const other = { ...slot, kind: "morning" as const };
    expect((await refusal(on.shop.staff.tickPicked(other, dal.variantId, true, picker.id))).message).toBe("That item is not on this slot's pick list.");
    expect(await on.shop.staff.pickList(other)).toEqual([]);
  });
});

describe.each(targets)("staff's delivery settings on $name", (target) => {
  const on = shopOn(target, { catalog: true });

  it("sets a slot's capacity, the settings and the PINs served, each audited", async () => {
    const staff = await on.shop.accounts.register({ name: "Planner", email: "planner@haat.example", phone: "9876543210", password: "password-1" });
    const slot = { date: slotDates(new Date())[0]!, kind: "morning" as const };
    await on.shop.delivery.setCapacity(staff.id, slot, 0);
    expect((await on.shop.delivery.slots())[0]).toMatchObject({ ...slot, capacity: 0, left: 0, available: false, reason: "full" });
    // A day gone by: refused, and nothing is written or audited.
    const yesterday = shopDate(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const past = await refusal(on.shop.delivery.setCapacity(staff.id, { date: yesterday, kind: "morning" }, 40));
    expect([past.code, past.message]).toEqual(["invalid", "That day has passed: its slots' capacity can no longer be set."]);
    await on.shop.delivery.setSettings(staff.id, { minOrderPaise: 50_000, slotCapacity: 12, deliveryFeePaise: 0 });
    // Saved together; a setting left as it was is not audited.
    expect(await on.shop.delivery.settings()).toEqual({ minOrderPaise: 50_000, slotCapacity: 12, deliveryFeePaise: 0, freeDeliveryAbovePaise: 99_900, subscriptionCutoffHour: 22 });
    expect((await on.shop.delivery.slots())[1]).toMatchObject({ capacity: 12 });
    await on.shop.delivery.addPin(staff.id, "122050", "Sohna Road");
    await expect(on.shop.delivery.addPin(staff.id, "122050", "")).rejects.toThrow("PIN 122050 is already on the list.");
    expect(await on.shop.delivery.pins()).toEqual([{ pin: "122050", area: "Sohna Road" }]);
    expect(await on.shop.delivery.isServiceable("122001")).toBe(false);
    await on.shop.delivery.removePin(staff.id, "122050");
    expect(await on.shop.delivery.isServiceable("122001")).toBe(true);
    const actions = (await on.database.db.select().from(staffAudit).where(eq(staffAudit.staffId, staff.id))).map((r) => r.action);
    expect(actions).toEqual(["slot.capacity", "setting", "setting", "pin.add", "pin.remove"]);
  });
});

describe.each(targets)("staff's answers to tickets on $name", (target) => {
  const on = shopOn(target);

  it("answers a ticket (shown to its sender), closes it (out of the inbox), and audits both", async () => {
    const staff = await on.shop.accounts.register({ name: "Helper", email: "helper@haat.example", phone: "9876543210", password: "password-1" });
    const { id, key } = await on.shop.tickets.create({ customer: null, name: "Asha", email: "asha@example.in", phone: "", subject: "Hamper", message: "Twenty hampers?" });
    expect((await on.shop.tickets.inbox()).map((t) => t.id)).toContain(id);
    const answered = await on.shop.tickets.answer(staff.id, id, "Yes, by Friday.");
    expect(answered).toMatchObject({ status: "answered", email: "asha@example.in", replies: [{ body: "Yes, by Friday." }] });
    expect((await on.shop.tickets.get(id, { customer: null, key }))!.replies.map((r) => r.body)).toEqual(["Yes, by Friday."]);
    await on.shop.tickets.close(staff.id, id);
    expect((await on.shop.tickets.inbox()).map((t) => t.id)).not.toContain(id);
    expect((await on.shop.tickets.read(id))!.status).toBe("closed");
    const actions = (
      await on.database.db
        .select()
        .from(staffAudit)
        .where(eq(staffAudit.entityId, String(id)))
    ).map((r) => r.action);
    expect(actions).toEqual(["ticket.answer", "ticket.close"]);
  });

  it("keeps the language a ticket was sent in for the answer's mail; a signed-in sender's chosen language wins", async () => {
    const staff = await on.shop.accounts.register({ name: "Helper Two", email: "helper2@haat.example", phone: "9876543211", password: "password-2" });
    const message = { email: "meera@example.in", phone: "", subject: "Ghee", message: "Is it A2?" };
    const fromHindi = await on.shop.tickets.create({ customer: null, name: "Meera", ...message, language: "hi" });
    expect(await on.shop.tickets.answer(staff.id, fromHindi.id, "हाँ।")).toMatchObject({ language: "hi" });
    const unsaid = await on.shop.tickets.create({ customer: null, name: "Meera", ...message });
    expect((await on.shop.tickets.read(unsaid.id))!.language).toBeNull();
    // An account that chose English, writing from a Hindi page: English, as every mail to it.
    const ravi = await on.shop.accounts.register({ name: "Ravi", email: "ravi-tickets@example.in", phone: "9876543212", password: "password-3" });
    await on.shop.accounts.setLanguage(ravi.id, "en");
    const signedIn = await on.shop.tickets.create({ customer: ravi, name: "Ravi", ...message, language: "hi" });
    expect((await on.shop.tickets.answer(staff.id, signedIn.id, "Yes.")).language).toBe("en");
    expect((await on.shop.tickets.inbox()).find((t) => t.id === fromHindi.id)?.language).toBe("hi");
  });
});
