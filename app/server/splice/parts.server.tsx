// The personal parts of a page (components/splice-protocol.tsx), each rendered on its own
// by the very component the page renders (issue 30). A part is put into the page cache's
// signed-out copy only where it is all that differs: `stateOf` names everything of the shopper
// its HTML depends on (the memo's key), or says the part's page must be rendered whole.
import { createElement, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { CartControls, type CartItemRef } from "../../components/cart/CartControls.tsx";
import { CartMain, type PinAnswer } from "../../components/cart/CartMain.tsx";
import { addressFormOf, ReviewOrderMain, type ReviewOrderFlags } from "../../components/checkout/ReviewOrderMain.tsx";
import { HeaderActions } from "../../components/HeaderActions.tsx";
import { LocationLine } from "../../components/LocationLine.tsx";
import { MobileMenu } from "../../components/MobileMenu.tsx";
import { PersonalContext, type DocumentPersonal } from "../../components/splice-protocol.tsx";
import { ReviewStandingNote } from "../../components/product/Reviews.tsx";
import { ProductPrice, QuantityNote, type PricedVariant } from "../../components/product/ProductPrice.tsx";
import type { PartKind, PartRecord } from "../../components/splice-protocol.tsx";
import type { RootData } from "../../components/root-data.ts";
import { WishlistHeart } from "../../components/wishlist/WishlistHeart.tsx";
import { entriesCount } from "../../domain/cart.ts";
import { notingMessages } from "../message-slice.server.ts";

/** What a part's HTML depends on of the shopper, as a string; BAIL when the page must be rendered whole. */
export const BAIL = null;

interface PartDefinition {
  render(props: Record<string, unknown>, personal: DocumentPersonal): ReactNode;
  stateOf(props: Record<string, unknown>, personal: DocumentPersonal): string | typeof BAIL;
}

const signedIn = (personal: DocumentPersonal) => (personal.viewer ? "in" : "out");

const quantityOf = (internalReference: string, { viewer }: DocumentPersonal) => viewer?.cart[internalReference]?.quantity ?? 0;

function standingFor(productId: unknown, { standing }: DocumentPersonal) {
  return standing && standing.productId === productId ? standing.standing : null;
}

export const PARTS: Record<PartKind, PartDefinition> = {
  "header-actions": {
    render: () => <HeaderActions />,
    stateOf: (_, { viewer }) => JSON.stringify(viewer ? [viewer.name, entriesCount(viewer.cart), Object.keys(viewer.wishlist).length] : null),
  },
  "location-line": {
    render: () => <LocationLine />,
    stateOf: (_, { viewer }) => JSON.stringify(viewer?.deliverTo ?? null),
  },
  "mobile-menu": {
    render: ({ links }) => <MobileMenu links={links as { label: string; to: string }[]} />,
    stateOf: (_, personal) => signedIn(personal),
  },
  heart: {
    render: (props) => <WishlistHeart {...(props as { internalReference: string; title: string; anchor?: string; className?: string })} />,
    stateOf: ({ internalReference }, personal) => `${signedIn(personal)}:${personal.viewer?.wishlist[internalReference as string] !== undefined}`,
  },
  "cart-controls": {
    render: ({ item, buyNow, size, anchor, chooser }) => (
      <CartControls
        item={item as CartItemRef}
        buyNow={buyNow as boolean}
        size={size as "card" | "page"}
        anchor={anchor as string | undefined}
        chooser={chooser ? { value: (chooser as { value: number }).value, onChange: () => {} } : undefined}
      />
    ),
    // Out of stock, 'Notify Me' says whether the shopper waits for it, and Cancel names their request.
    stateOf: ({ item }, personal) => {
      const ref = (item as CartItemRef).internalReference;
      return `${signedIn(personal)}:${quantityOf(ref, personal)}:${personal.viewer?.notify?.[ref] ?? ""}`;
    },
  },
  "product-price": {
    render: ({ variant, chosen }) => <ProductPrice variant={variant as PricedVariant} chosen={chosen as number} />,
    stateOf: ({ variant }, personal) => String(quantityOf((variant as PricedVariant).internalReference, personal)),
  },
  "quantity-note": {
    render: ({ message, internalReference }) => <QuantityNote message={message as string} internalReference={internalReference as string} />,
    stateOf: ({ internalReference }, personal) => String(quantityOf(internalReference as string, personal) > 0),
  },
  "review-note": {
    render: ({ productId }, personal) => <ReviewStandingNote productId={productId as number} standing={standingFor(productId, personal)} />,
    // A shopper who reviewed may see their own review listed; one who may review gets a form with its reply: whole.
    stateOf: ({ productId }, personal) => {
      const standing = standingFor(productId, personal);
      return standing === null || standing === "not_delivered" ? String(standing) : BAIL;
    },
  },
  // The cart page's whole content: its facts, and the header's cart entries its summary follows.
  "cart-main": {
    render: ({ pin, pinAnswer }, personal) => <CartMain facts={personal.cart!} pin={pin as string | null} pinAnswer={pinAnswer as PinAnswer | null} />,
    stateOf: (_, { viewer, cart }) => (cart ? JSON.stringify([cart, viewer?.cart ?? null]) : BAIL),
  },
  // Review Order's whole content, a first order's address form included (issue 43: its ids are
  // the form's own, not its place in the page's tree); a saved address's form is rendered whole.
  "review-main": {
    render: (flags, personal) => <ReviewOrderMain facts={personal.review!} {...(flags as unknown as ReviewOrderFlags)} />,
    stateOf: (flags, { viewer, review }) => {
      if (!review) return BAIL;
      const { editing } = addressFormOf(flags as unknown as ReviewOrderFlags, review.addresses);
      return editing ? BAIL : JSON.stringify([review, viewer]);
    },
  },
};

export interface PartsPage {
  /** The page's URL, with its language's prefix. */
  url: string;
  basename: string;
  root: Omit<RootData, "viewer">;
}

const PART_TAG = "haat-part";
const PART_PATTERN = new RegExp(`<${PART_TAG}>([\\s\\S]*?)</${PART_TAG}>`, "g");

/**
 * The parts' HTML as the page's own render would write them for this shopper: in a router on
 * the page's URL with the page's root data, so links, forms and the way back come out the same.
 * The messages they look up are noted into `messages`.
 */
export async function renderParts(parts: PartRecord[], page: PartsPage, personal: DocumentPersonal, messages = new Set<string>()): Promise<string[]> {
  if (parts.length === 0) return [];
  const Parts = () =>
    createElement(
      Fragment,
      null,
      parts.map((part, i) => createElement(PART_TAG, { key: i }, PARTS[part.kind].render(part.props, personal))),
    );
  const handler = createStaticHandler([{ id: "root", path: "*", loader: () => page.root, Component: Parts }], { basename: page.basename });
  const context = await handler.query(new Request(page.url));
  if (context instanceof Response) throw new Error(`the parts' router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The messages the parts say are noted: a Hindi page carries them (server/message-slice.server.ts).
  const html = notingMessages(messages, () =>
    renderToString(
      <PersonalContext value={personal}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PersonalContext>,
    ),
  );
  const found = [...html.matchAll(PART_PATTERN)].map((m) => m[1]!);
  if (found.length !== parts.length) throw new Error(`rendered ${found.length} of ${parts.length} parts`);
  return found;
}
