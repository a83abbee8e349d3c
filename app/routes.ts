import { index, route, type RouteConfig } from "@react-router/dev/routes";

// In the order of the specifications' route table.
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx", { id: "products" }),
  route("shopretail", "routes/products.tsx", { id: "shopretail" }),
  route("product/:id", "routes/product.tsx"),
  route("signin/*", "routes/signin.tsx"),
  route("signup/*", "routes/signup.tsx"),
  route("signout", "routes/signout.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("emptycart", "routes/emptycart.tsx"),
  route("addtocart", "routes/addtocart.tsx"),
  route("cart", "routes/cart.tsx"),
  route("ordersuccess", "routes/ordersuccess.tsx"),
  route("paymentsuccess", "routes/paymentsuccess.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:id/invoice", "routes/orders.invoice.ts"),
  route("wishlist", "routes/wishlist.tsx"),
  route("revieworder", "routes/revieworder.tsx"),
  route("myaccount", "routes/myaccount.tsx", [
    index("routes/myaccount._index.tsx"),
    route("orders", "routes/myaccount.orders.tsx"),
    route("wishlist", "routes/myaccount.wishlist.tsx"),
    route("addresses", "routes/myaccount.addresses.tsx"),
  ]),
  route("post-auth", "routes/post-auth.ts"),
  route("auth/clerk", "routes/auth.clerk.ts"),
  route("api/suggestions", "routes/api.suggestions.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
