import { lazy, Suspense, type ComponentProps, type ComponentType, type JSXElementConstructor } from "react";

/**
 * Where a part's code comes from: on the server, its module itself (imported once, at start, with
 * `await import()` behind `import.meta.env.SSR`, so the browser's build has no static import of
 * it); in the browser, a function that fetches the module.
 */
export type LaterCode<M> = M | (() => Promise<M>);

// What a part is: any component (its props are the caller's, read from the module).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component of any props
type Part = JSXElementConstructor<any>;

/**
 * A part of the page whose code the browser fetches once the rest is React's (issue 43): the
 * server renders it as usual, so it shows and its forms work at once, and while its code comes
 * React leaves that server HTML alone (a suspended boundary's content during hydration). The
 * page hydrates without waiting for it: less JavaScript before a slow phone's first tap.
 * `name` is the module's export. `fallback` shows only when the part must render before its
 * code has come (an update reached it first); `failed` when its code could not be fetched
 * (offline), in its place.
 *
 *     const Footer = later(import.meta.env.SSR ? await import("./Footer.tsx") : () => import("./Footer.tsx"), "Footer");
 */
export function later<M extends Record<K, Part>, K extends keyof M>(
  code: LaterCode<M>,
  name: K,
  { fallback: Fallback, failed }: { fallback?: ComponentType; failed?: ComponentType<ComponentProps<M[K]>> } = {},
): ComponentType<ComponentProps<M[K]>> {
  // A module namespace is never a function: a function is the browser's way to fetch it.
  const Code: Part =
    typeof code === "function"
      ? lazy(() =>
          (code as () => Promise<M>)().then(
            (module) => ({ default: module[name] }),
            () => ({ default: failed ?? (() => null) }),
          ),
        )
      : code[name];
  return function Later(props: ComponentProps<M[K]>) {
    return (
      <Suspense fallback={Fallback ? <Fallback /> : null}>
        <Code {...props} />
      </Suspense>
    );
  };
}
