import { useFetcher } from "react-router";
import { useRefusalToast } from "../Toaster.tsx";
import { useHere, useWishlistRefs } from "../viewer.ts";

// The heart on cards and the product page: a form post toggling the variant in the
// wishlist; signed out, the action sends the shopper to sign in and back here.
export function WishlistHeart({ internalReference, title, className = "relative" }: { internalReference: string; title: string; className?: string }) {
  const on = useWishlistRefs().has(internalReference);
  const here = useHere();
  const fetcher = useFetcher({ key: `wishlist:${internalReference}` });
  useRefusalToast(fetcher);
  return (
    <fetcher.Form method="post" action="/wishlist" className={`z-10 ${className}`}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="internal_reference" value={internalReference} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={`${on ? "Remove" : "Add"} ${title} ${on ? "from" : "to"} wishlist`}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-accent-600 shadow-sm hover:bg-white"
      >
        <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
        </svg>
      </button>
    </fetcher.Form>
  );
}
