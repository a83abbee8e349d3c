// The signed-in shopper as every page sees them: built by the root loader, read by the
// header, cards and product page.
import type { CartEntries } from "./cart.ts";

export interface Viewer {
  name: string;
  cart: CartEntries;
  /** internal_reference → wishlist item id */
  wishlist: Record<string, number>;
  /** The chosen delivery address's city and PIN, for the header's location line (issue 15). */
  deliverTo: { city: string; zip: string } | null;
  /** internal_reference → open 'Notify Me' request id (issue 41): the button's place says so, with Cancel. Absent: none. */
  notify?: Record<string, number>;
}
