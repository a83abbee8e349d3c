import { Link, useFetcher } from "react-router";
import { cart, useRefusalToast } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { QuantityStepper } from "../ui/QuantityStepper.tsx";
import { later } from "../later.tsx";
import { useCartEntries, useHere, useViewer } from "../root-data.ts";
import { PostKeyField } from "../offline/QueuedPosts.tsx";
import { useSplicePart } from "../splice-protocol.tsx";
import { QUEUE_MESSAGES } from "../../domain/offline-queue.ts";

// Only produce sold by weight shows it: its code comes once the page has hydrated.
const QuantityChooser = later(import.meta.env.SSR ? await import("./QuantityChooser.tsx") : () => import("./QuantityChooser.tsx"), "QuantityChooser");

// Only a product out of stock shows it: its code comes after the page has hydrated.
const NotifyMe = later(import.meta.env.SSR ? await import("./NotifyMe.tsx") : () => import("./NotifyMe.tsx"), "NotifyMe");

export interface CartItemRef {
  productId: number;
  internalReference: string;
  title: string;
  pricePaise: number;
  inStock: boolean;
  inventoryStock: number;
}

/**
 * Add to Cart, then a stepper on the cart line and 'Go to Cart' (Specification: Adding to cart). Every
 * button is a plain form post to the cart page's action; with JavaScript a fetcher sends it and the
 * quantities move before the server answers.
 */
export function CartControls({
  item,
  buyNow = false,
  size = "card",
  chooser,
  anchor,
}: {
  item: CartItemRef;
  buyNow?: boolean;
  size?: "card" | "page";
  /** The product page's quantity chooser, shown until the variant is in the cart. */
  chooser?: { value: number; onChange(n: number): void };
  /** The id of the card this sits on, for the way back after a plain post. */
  anchor?: string;
}) {
  useSplicePart("cart-controls", { item, buyNow, size, anchor, chooser: chooser && { value: chooser.value } });
  const entry = useCartEntries()[item.internalReference];
  // A plain post from a card comes back to that card, not the top of the page.
  const back = useHere(anchor);
  const fetcher = useFetcher({ key: `cart:${item.internalReference}` });
  useRefusalToast(fetcher);
  // Signed in, each press carries a key, so a press made offline can wait and be sent once (issue 26).
  const keyed = useViewer() !== null;
  const i18n = useI18n();
  const available = item.inStock && item.inventoryStock > 0;
  const big = size === "page";
  const wide = big ? "h-11 px-6 text-base" : "h-9 px-3 text-sm";

  if (entry) {
    const settled = !entry.pending && !entry.queued;
    return (
      <div className="relative z-10 flex flex-wrap items-center gap-2">
        <fetcher.Form method="post" action={cart.action}>
          {keyed && <PostKeyField />}
          <input type="hidden" name={cart.field("increment", "internal_reference")} value={item.internalReference} />
          <input type="hidden" name="redirectTo" value={back} />
          <QuantityStepper title={item.title} quantity={entry.quantity} max={item.inventoryStock} disabled={!settled} className="border-brand-700 bg-surface" />
        </fetcher.Form>
        <Link to="/addtocart" className={`inline-flex items-center rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-800 ${wide}`}>
          {i18n._("Go to Cart")}
        </Link>
        {buyNow && <BuyNowLink />}
        {entry.queued && (
          <p role="status" className="basis-full text-sm font-medium text-amber-800">
            {i18n._(entry.pending ? QUEUE_MESSAGES.add : QUEUE_MESSAGES.change)}
          </p>
        )}
      </div>
    );
  }

  const add = (
    <fetcher.Form method="post" action={cart.action} className="relative z-10 flex flex-wrap items-center gap-2">
      <input type="hidden" {...cart.intent("add")} />
      {keyed && <PostKeyField />}
      <input type="hidden" name={cart.field("add", "internal_reference")} value={item.internalReference} />
      <input type="hidden" name={cart.field("add", "product_id")} value={item.productId} />
      {chooser && available ? (
        <QuantityChooser id={`quantity-${item.internalReference}`} value={chooser.value} stock={item.inventoryStock} title={item.title} onChange={chooser.onChange} />
      ) : (
        <input type="hidden" name={cart.field("add", "quantity")} value={1} />
      )}
      {/* What the optimistic view needs before the server answers. */}
      <input type="hidden" name={cart.field("add", "price")} value={item.pricePaise} />
      <input type="hidden" name={cart.field("add", "stock")} value={item.inventoryStock} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        disabled={!available}
        className={`rounded-md bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 ${wide}`}
      >
        {i18n._("Add to Cart")}
      </button>
      {buyNow && (
        <button
          type="submit"
          name={cart.field("add", "then")}
          value="cart"
          disabled={!available}
          className={`rounded-md border-2 border-accent-600 font-semibold text-accent-600 hover:bg-accent-600 hover:text-white disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-500 disabled:hover:bg-transparent ${wide}`}
        >
          {i18n._("Buy Now")}
        </button>
      )}
    </fetcher.Form>
  );
  if (available) return add;
  // Out of stock: the disabled add button (Specification: Listing) and 'Notify Me' beside it (issue 29).
  return (
    <div className="relative z-10 flex flex-wrap items-center gap-2">
      {add}
      <NotifyMe internalReference={item.internalReference} title={item.title} back={back} wide={wide} />
    </div>
  );
}

/** Buy Now once the variant is in the cart: straight to the cart (Specification: Cart). */
export function BuyNowLink() {
  const i18n = useI18n();
  return (
    <Link to="/addtocart" className="inline-flex h-11 items-center rounded-md border-2 border-accent-600 px-6 font-semibold text-accent-600 hover:bg-accent-600 hover:text-white">
      {i18n._("Buy Now")}
    </Link>
  );
}
