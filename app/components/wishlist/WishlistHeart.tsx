import { useFetcher } from "react-router";
import { useRefusalToast, wishlist } from "../forms.ts";
import { useI18n } from "../i18n.tsx";
import { useHere, useViewer, useWishlistRefs } from "../root-data.ts";
import { PostKeyField } from "../offline/QueuedPosts.tsx";
import { useSplicePart } from "../splice-protocol.tsx";

// The heart on cards and the product page: a form post toggling the variant in the
// wishlist; signed out, the heart is remembered and the shopper signs in, then comes back here.
export function WishlistHeart({ internalReference, title, anchor, className = "relative" }: { internalReference: string; title: string; anchor?: string; className?: string }) {
  useSplicePart("heart", { internalReference, title, anchor, className });
  const on = useWishlistRefs().has(internalReference);
  const back = useHere(anchor);
  const fetcher = useFetcher({ key: `wishlist:${internalReference}` });
  useRefusalToast(fetcher);
  const keyed = useViewer() !== null;
  // One post at a time: a second tap while the first is on its way would cut it short, and the
  // shop might then see only the second toggle (the heart would end where the shopper left it not).
  const busy = fetcher.state !== "idle";
  const i18n = useI18n();
  return (
    <fetcher.Form method="post" action={wishlist.action} className={`z-10 ${className}`}>
      <input type="hidden" {...wishlist.intent("toggle")} />
      {keyed && <PostKeyField />}
      <input type="hidden" name={wishlist.field("toggle", "internal_reference")} value={internalReference} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        aria-pressed={on}
        disabled={busy}
        aria-label={on ? i18n._("Remove {title} from wishlist", { title }) : i18n._("Add {title} to wishlist", { title })}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-surface/90 text-accent-600 shadow-sm hover:bg-surface disabled:cursor-wait"
      >
        <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
        </svg>
      </button>
    </fetcher.Form>
  );
}
