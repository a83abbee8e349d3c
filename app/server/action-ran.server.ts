// A refused plain post renders the route's page, and React Router runs the page's loaders
// after the action in the same request. A loader that would redirect an empty page away
// (an empty cart, a GET-only URL) must then let the refusal show: it asks actionRan().
import { createContext, type RouterContextProvider } from "react-router";

const ran = createContext(false);

export function markActionRan(context: Readonly<RouterContextProvider>): void {
  (context as RouterContextProvider).set(ran, true);
}

export function actionRan(context: Readonly<RouterContextProvider>): boolean {
  return context.get(ran);
}
