import { index, route, type RouteConfig } from "@react-router/dev/routes";

// In the order of the specifications' route table.
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx", { id: "products" }),
  route("shopretail", "routes/products.tsx", { id: "shopretail" }),
  route("product/:id", "routes/product.tsx"),
  route("api/suggestions", "routes/api.suggestions.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
