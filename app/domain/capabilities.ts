// What staff are told where a back end owns the data a staff page would change (issue 24,
// decision 043): the page shows this instead of forms the back end would refuse.
export const ELSEWHERE_MESSAGES = {
  orders: "The ERP is the system of record for orders: staff change them there.",
  catalogue: "The catalogue is the ERP's: prices, stock, categories and photos are changed there, and Haat copies them within a minute.",
  coupons: "Coupons are the ERP's: staff create and change them there, and carts apply them as the ERP says.",
  dashboard: "The ERP is the system of record for orders: its reports give the sales. Here, charts count only what Haat itself holds.",
} as const;
