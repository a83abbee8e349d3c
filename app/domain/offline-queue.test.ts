import { describe, expect, it } from "vitest";
import {
  CART_ACTION,
  inReplayOrder,
  keepDecision,
  markExpired,
  CLEARED_MARK,
  POST_KEY_KEEP_MS,
  notSentMessage,
  POST_KEY_FIELD,
  postKeyOf,
  QUEUE_MESSAGES,
  queueable,
  queuedMessage,
  replayBackoffMs,
  replayVerdict,
  REVIEW_ORDER_ACTION,
  WISHLIST_ACTION,
  withQueuedCart,
  withQueuedWishlist,
  type QueuedPost,
} from "./offline-queue.ts";

const KEY = "0b0f6f6e-8f2a-4c1e-9d7e-2a9f1c3b5d7e";
const add = (key: string, at: number, ref = "RICE-1KG", quantity = "1"): QueuedPost =>
  queueable(CART_ACTION, { intent: "add", internal_reference: ref, quantity, price: "12000", stock: "5", [POST_KEY_FIELD]: key }, at)!;

describe("which posts may wait for the network", () => {
  it("queues the cart's small changes and the wishlist's hearts, with their key", () => {
    for (const intent of ["add", "increment", "decrement", "remove"])
      expect(queueable(CART_ACTION, { intent, [POST_KEY_FIELD]: KEY }, 1)).toMatchObject({ key: KEY, intent, queuedAt: 1 });
    for (const intent of ["add", "toggle", "remove"]) expect(queueable(WISHLIST_ACTION, { intent, [POST_KEY_FIELD]: KEY }, 1)).not.toBeNull();
  });

  it("never queues a coupon, checkout, an order or another form", () => {
    for (const intent of ["apply-coupon", "remove-coupon", "checkout", "clear"]) expect(queueable(CART_ACTION, { intent, [POST_KEY_FIELD]: KEY }, 1)).toBeNull();
    expect(queueable(WISHLIST_ACTION, { intent: "move-to-cart", [POST_KEY_FIELD]: KEY }, 1)).toBeNull();
    expect(queueable(REVIEW_ORDER_ACTION, { intent: "place", [POST_KEY_FIELD]: KEY }, 1)).toBeNull();
  });

  it("queues a Hindi page's changes as its English twin's, keeping the page's own address (issue 41 item 5)", () => {
    expect(queueable("/hi/addtocart", { intent: "add", [POST_KEY_FIELD]: KEY }, 1)).toMatchObject({ action: "/hi/addtocart", intent: "add" });
    expect(queueable("/hi/wishlist", { intent: "toggle", [POST_KEY_FIELD]: KEY }, 1)).not.toBeNull();
    expect(queueable("/hi/addtocart", { intent: "apply-coupon", [POST_KEY_FIELD]: KEY }, 1)).toBeNull();
    expect(queuedMessage({ action: "/hi/wishlist", intent: "toggle" })).toBe(QUEUE_MESSAGES.wishlist);
    expect(notSentMessage("/hi/revieworder", "place")).toBe(QUEUE_MESSAGES.orderNotPlaced);
    const hindiAdd = queueable("/hi/addtocart", { intent: "add", internal_reference: "RICE-1KG", quantity: "2", price: "12000", stock: "5", [POST_KEY_FIELD]: KEY }, 1)!;
    expect(withQueuedCart({}, [hindiAdd])["RICE-1KG"]).toMatchObject({ quantity: 2, queued: true });
  });

  it("sends again a post that got no answer after 1 s, doubling to at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(replayBackoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("never queues a post without a well-formed key: its replay could not count once", () => {
    expect(queueable(CART_ACTION, { intent: "add" }, 1)).toBeNull();
    expect(queueable(CART_ACTION, { intent: "add", [POST_KEY_FIELD]: "" }, 1)).toBeNull();
    expect(postKeyOf("short")).toBeNull();
    expect(postKeyOf("has spaces in it, sixteen+")).toBeNull();
    expect(postKeyOf("a".repeat(65))).toBeNull();
    expect(postKeyOf(KEY)).toBe(KEY);
    expect(postKeyOf("0123456789abcdef0123456789abcdef")).toBe("0123456789abcdef0123456789abcdef");
  });
});

describe("what the page says", () => {
  it("says an add will be added, a step changed, a heart saved", () => {
    expect(queuedMessage({ action: CART_ACTION, intent: "add" })).toBe("Will be added when you are back online");
    expect(queuedMessage({ action: CART_ACTION, intent: "increment" })).toBe(QUEUE_MESSAGES.change);
    expect(queuedMessage({ action: WISHLIST_ACTION, intent: "toggle" })).toBe(QUEUE_MESSAGES.wishlist);
  });

  it("says Confirm Order offline placed nothing, and anything else was not sent", () => {
    expect(notSentMessage(REVIEW_ORDER_ACTION, "place")).toMatch(/^Your order was not placed: you are offline\./);
    expect(notSentMessage(REVIEW_ORDER_ACTION, "pay")).toBe(QUEUE_MESSAGES.orderNotPlaced);
    expect(notSentMessage(REVIEW_ORDER_ACTION, "add-address")).toBe(QUEUE_MESSAGES.notSent);
    expect(notSentMessage(CART_ACTION, "apply-coupon")).toBe(QUEUE_MESSAGES.notSent);
  });
});

describe("the cart with queued changes", () => {
  it("shows a queued add at once, marked as waiting, and replays oldest first", () => {
    const posts = [add("k2-aaaaaaaaaaaaaaaa", 20, "DAL-1KG"), add("k1-aaaaaaaaaaaaaaaa", 10)];
    expect(inReplayOrder(posts).map((p) => p.key)).toEqual(["k1-aaaaaaaaaaaaaaaa", "k2-aaaaaaaaaaaaaaaa"]);
    const entries = withQueuedCart({}, posts);
    expect(entries["RICE-1KG"]).toEqual({ pending: true, queued: true, quantity: 1, pricePaise: 12000, inventoryStock: 5 });
    expect(Object.keys(entries)).toEqual(["RICE-1KG", "DAL-1KG"]);
  });

  it("counts a queued post being sent once: the fetcher's pending post shows it", () => {
    const post = add(KEY, 1);
    expect(withQueuedCart({}, [post], new Set([KEY]))).toEqual({});
  });

  it("steps a line already in the cart, within stock, and leaves wishlist posts out", () => {
    const server = { "RICE-1KG": { quantity: 4, pricePaise: 12000, inventoryStock: 5 } };
    const step = (key: string, at: number) => queueable(CART_ACTION, { intent: "increment", internal_reference: "RICE-1KG", [POST_KEY_FIELD]: key }, at)!;
    const heart = queueable(WISHLIST_ACTION, { intent: "toggle", internal_reference: "RICE-1KG", [POST_KEY_FIELD]: KEY }, 3)!;
    const entries = withQueuedCart(server, [step("s1-aaaaaaaaaaaaaaaa", 1), step("s2-aaaaaaaaaaaaaaaa", 2), heart]);
    expect(entries["RICE-1KG"]).toEqual({ quantity: 5, pricePaise: 12000, inventoryStock: 5, queued: true });
  });

  it("toggles hearts in order: two taps of one heart leave it as it was", () => {
    const tap = (key: string, at: number) => queueable(WISHLIST_ACTION, { intent: "toggle", internal_reference: "RICE-1KG", [POST_KEY_FIELD]: key }, at)!;
    expect(withQueuedWishlist(new Set(), [tap("t1-aaaaaaaaaaaaaaaa", 1)])).toEqual(new Set(["RICE-1KG"]));
    expect(withQueuedWishlist(new Set(), [tap("t1-aaaaaaaaaaaaaaaa", 1), tap("t2-aaaaaaaaaaaaaaaa", 2)])).toEqual(new Set());
  });
});

describe("what a replay's answer means", () => {
  it("ends the post on any answer: done, or refused (said in a toast)", () => {
    expect(replayVerdict({ status: 200 })).toBe("done");
    expect(replayVerdict({ status: 303 })).toBe("done");
    expect(replayVerdict({ status: 409 })).toBe("refused");
    expect(replayVerdict({ status: 400 })).toBe("refused");
  });

  it("keeps it for the next time online when no answer came or the server was down", () => {
    expect(replayVerdict("no-answer")).toBe("keep");
    expect(replayVerdict({ status: 503 })).toBe("keep");
    expect(replayVerdict({ status: 502 })).toBe("keep");
  });
});

describe("keeping a post that got no answer (issue 41 item 5)", () => {
  it("keeps a new post, and a replay's copy in its first place", () => {
    const first = add(KEY, 10);
    expect(keepDecision(undefined, first)).toEqual({ outcome: "new", store: first });
    expect(keepDecision(first, add(KEY, 99))).toEqual({ outcome: "again", store: { ...add(KEY, 99), queuedAt: 10 } });
  });

  it("never puts back a post the server already answered: a duplicate cut off by the network made nothing new", () => {
    expect(keepDecision({ key: KEY, answeredAt: 50 }, add(KEY, 10))).toEqual({ outcome: "dropped", store: null });
  });

  it("never keeps a post made before the queue was emptied for a change of who is signed in", () => {
    expect(keepDecision(undefined, add(KEY, 10), 20)).toEqual({ outcome: "dropped", store: null });
    expect(keepDecision(undefined, add(KEY, 30), 20).outcome).toBe("new");
  });

  it("drops the mark of an answered post once the server has forgotten its key, never a waiting post", () => {
    expect(markExpired({ key: KEY, answeredAt: 0 }, POST_KEY_KEEP_MS)).toBe(false);
    expect(markExpired({ key: KEY, answeredAt: 0 }, POST_KEY_KEEP_MS + 1)).toBe(true);
    expect(markExpired(add(KEY, 0), POST_KEY_KEEP_MS * 10)).toBe(false);
    expect(markExpired({ key: CLEARED_MARK, answeredAt: 0 }, POST_KEY_KEEP_MS * 10)).toBe(false);
  });
});
