import { describe, expect, it } from "vitest";
import { addToasts } from "./toasts.ts";

const t = (id: string, message: string, type = "success") => ({ id, message, type });

describe("addToasts", () => {
  it("shows a repeated message once, with its count, as the newest", () => {
    let shown = addToasts([], [t("1", "Dal added to cart!")]);
    shown = addToasts(shown, [t("2", "Added to wishlist")]);
    shown = addToasts(shown, [t("3", "Dal added to cart!")]);
    expect(shown.map((s) => [s.id, s.message, s.count])).toEqual([
      ["3", "Dal added to cart!", 2],
      ["2", "Added to wishlist", 1],
    ]);
  });
  it("keeps the same words of another kind apart", () => {
    expect(addToasts(addToasts([], [t("1", "Saved")]), [t("2", "Saved", "error")])).toHaveLength(2);
  });
  it("keeps at most three, the newest", () => {
    const shown = addToasts([], [t("5", "e"), t("4", "d"), t("3", "c"), t("2", "b"), t("1", "a")]);
    expect(shown.map((s) => s.message)).toEqual(["e", "d", "c"]);
  });
});
