import { lazy, Suspense, type ComponentType } from "react";

/**
 * Where a component's code comes from: on the server, the module itself (imported once, at
 * start, with `await import()` behind `import.meta.env.SSR`, so the browser's build has no
 * static import of it); in the browser, a function that fetches it.
 */
export type LaterCode<P> = { now: ComponentType<P> } | { load: () => Promise<ComponentType<P>> };

/**
 * A part of the page whose code the browser fetches once the rest is React's (issue 43): the
 * server renders it as usual, so it shows and its forms work at once, and while its code comes
 * React leaves that server HTML alone (a suspended boundary's content during hydration). The
 * page hydrates without waiting for it: less JavaScript before a slow phone's first tap.
 * `fallback` shows only when the part must render before its code has come (an update reached
 * it first); `failed` when its code could not be fetched (offline), in its place.
 */
export function later<P extends object>(code: LaterCode<P>, { fallback: Fallback, failed }: { fallback?: ComponentType; failed?: ComponentType<P> } = {}): ComponentType<P> {
  const Code =
    "now" in code
      ? code.now
      : lazy(() =>
          code.load().then(
            (component) => ({ default: component }),
            () => ({ default: failed ?? (() => null) }),
          ),
        );
  return function Later(props: P) {
    return (
      <Suspense fallback={Fallback ? <Fallback /> : null}>
        <Code {...props} />
      </Suspense>
    );
  };
}
