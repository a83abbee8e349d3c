// A generated catalogue in the import format of `npm run catalog:import` (JSON), for the
// large-catalogue run. Deterministic: the same count and seed always give the same file.

/** mulberry32: small, fast, good enough for test data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sub {
  name: string;
  /** How often products fall here, relative to the others. */
  weight: number;
  nouns: string[];
  attributes: string[];
  /** Price of the first attribute, in rupees (range). */
  price: [number, number];
  tax: string;
}

interface Top {
  name: string;
  /** Category path down to this category; products add " / <subcategory>". */
  path: string;
  subs: Sub[];
}

const WEIGHTS = ["Net Weight 250 g", "Net Weight 500 g", "Net Weight 1 kg", "Net Weight 5 kg"];
const SMALL_WEIGHTS = ["Net Weight 50 g", "Net Weight 100 g", "Net Weight 200 g", "Net Weight 500 g"];

export const TREE: Top[] = [
  {
    name: "Grocers Pick",
    path: "All / Grocers Pick",
    subs: [
      {
        name: "Dry Fruits",
        weight: 3,
        nouns: ["Almonds", "Cashews", "Walnut Kernels", "Pistachios", "Raisins", "Dried Apricots", "Medjool Dates", "Dried Figs"],
        attributes: WEIGHTS.slice(0, 3),
        price: [250, 900],
        tax: "5%",
      },
      {
        name: "Pulses",
        weight: 3,
        nouns: ["Toor Dal", "Moong Dal", "Chana Dal", "Masoor Dal", "Urad Dal", "Rajma", "Kabuli Chana", "Lobia"],
        attributes: WEIGHTS,
        price: [60, 180],
        tax: "0%",
      },
      {
        name: "Flours & Grains",
        weight: 3,
        nouns: ["Chakki Atta", "Besan", "Ragi Flour", "Jowar Flour", "Sooji Rava", "Poha", "Quinoa", "Millet Mix"],
        attributes: WEIGHTS,
        price: [50, 220],
        tax: "5%",
      },
      {
        name: "Spices",
        weight: 3,
        nouns: ["Turmeric Powder", "Red Chilli Powder", "Garam Masala", "Cumin Seeds", "Coriander Powder", "Black Pepper", "Green Cardamom", "Hing"],
        attributes: SMALL_WEIGHTS,
        price: [40, 300],
        tax: "5%",
      },
      {
        name: "Rice",
        weight: 3,
        nouns: ["Basmati Rice", "Sona Masoori Rice", "Brown Basmati Rice", "Kolam Rice", "Jeera Samba Rice", "Idli Rice", "Red Rice", "Basmati Rice Tibar"],
        attributes: WEIGHTS.slice(1),
        price: [90, 260],
        tax: "5%",
      },
    ],
  },
  {
    name: "General Merchandise",
    path: "All / General Merchandise",
    subs: [
      {
        name: "Dinner Ware",
        weight: 2,
        nouns: ["Dinner Set", "Quarter Plates", "Serving Bowls", "Dinner Plates", "Soup Bowls", "Rice Plates"],
        attributes: ["Set of 6", "Set of 12", "Set of 18"],
        price: [499, 2499],
        tax: "12%",
      },
      {
        name: "Bar Glass",
        weight: 2,
        nouns: ["Whisky Glasses", "Wine Glasses", "Beer Mugs", "Highball Glasses", "Shot Glasses", "Tumblers"],
        attributes: ["Capacity 250 ml", "Capacity 350 ml", "Capacity 500 ml"],
        price: [299, 1499],
        tax: "18%",
      },
    ],
  },
  {
    name: "Gifting",
    path: "Imported / Gifting",
    subs: [
      {
        name: "Gift Set",
        weight: 1,
        nouns: ["Festive Gift Set", "Dry Fruit Gift Box", "Chocolate Gift Set", "Tea Gift Set", "Spice Gift Box"],
        attributes: ["Pack of 1", "Pack of 2", "Pack of 4"],
        price: [599, 2999],
        tax: "12%",
      },
      {
        name: "Tea Set & Glass Cup",
        weight: 1,
        nouns: ["Tea Set", "Glass Cups", "Kettle and Cups", "Tea Cups", "Coffee Mugs"],
        attributes: ["Set of 2", "Set of 4", "Set of 6"],
        price: [399, 1999],
        tax: "12%",
      },
      {
        name: "Flower Pots",
        weight: 1,
        nouns: ["Ceramic Flower Pot", "Planter", "Hanging Pot", "Table Planter", "Terracotta Pot"],
        attributes: ["Size 15 cm", "Size 20 cm", "Size 25 cm"],
        price: [199, 999],
        tax: "12%",
      },
      {
        name: "Hamper",
        weight: 1,
        nouns: ["Diwali Hamper", "Gourmet Hamper", "Wellness Hamper", "Breakfast Hamper", "Festive Hamper"],
        attributes: ["Pack Size Small", "Pack Size Medium", "Pack Size Large"],
        price: [999, 4999],
        tax: "12%",
      },
    ],
  },
  {
    name: "Farm Basket",
    path: "All / Farm Basket",
    subs: [
      {
        // No subcategories: the path is "All / Farm Basket".
        name: "",
        weight: 3,
        nouns: ["Tomatoes", "Onions", "Potatoes", "Spinach", "Carrots", "Cauliflower", "Okra", "Alphonso Mangoes", "Bananas", "Cucumbers"],
        attributes: ["Net Weight 500 g", "Net Weight 1 kg", "Net Weight 2 kg"],
        price: [30, 150],
        tax: "0%",
      },
    ],
  },
];

const BRANDS = [
  "Haat Select",
  "Kisan Gold",
  "Himalayan Harvest",
  "Royal Orchard",
  "Desi Farms",
  "Spice Route",
  "Kashmir Valley",
  "Annapurna",
  "Green Acre",
  "Urban Pantry",
  "Heritage Mills",
  "Nilgiri Hills",
  "Aravalli",
  "Ganga Tir",
  "Malabar Coast",
  "Deccan Fields",
];
const ADJECTIVES = [
  "Premium",
  "Classic",
  "Select",
  "Everyday",
  "Gourmet",
  "Hand-Picked",
  "Stone-Ground",
  "Aged",
  "Extra Long",
  "Golden",
  "Royal",
  "Farm Fresh",
  "Traditional",
  "Reserve",
  "Signature",
  "Daily",
];
const PHRASES = [
  "sourced directly from growers",
  "packed fresh in Gurugram",
  "carefully sorted and cleaned",
  "a pantry favourite",
  "ideal for everyday cooking",
  "a thoughtful gift for any occasion",
  "crafted for family meals",
];

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

export interface CatalogueJson {
  categories: {
    name: string;
    slug: string;
    status: "active";
    sort: number;
    children: { name: string; slug: string }[];
  }[];
  products: {
    title: string;
    short_desc: string;
    long_desc: string;
    category: string;
    sales_tax: string[];
    rating: number;
    isOrganic: boolean;
    created_at: string;
    variants: {
      internal_reference: string;
      attribute: string;
      price: number;
      mrp: number;
      images: string[];
      in_stock: boolean;
      inventory_stock: number;
    }[];
  }[];
}

export function generateCatalogue(count: number, seed = 20261122): CatalogueJson {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));

  const categories = TREE.map((top, i) => ({
    name: top.name,
    slug: slugify(top.name),
    status: "active" as const,
    sort: i + 1,
    children: top.subs.filter((s) => s.name).map((s) => ({ name: s.name, slug: slugify(s.name) })),
  }));

  const places = TREE.flatMap((top) => top.subs.map((sub) => ({ top, sub })));
  const totalWeight = places.reduce((n, p) => n + p.sub.weight, 0);
  const choosePlace = () => {
    let r = rnd() * totalWeight;
    for (const p of places) {
      r -= p.sub.weight;
      if (r < 0) return p;
    }
    return places[places.length - 1];
  };

  const titles = new Set<string>();
  const start = Date.UTC(2025, 0, 1);
  const products: CatalogueJson["products"] = [];
  for (let i = 1; i <= count; i++) {
    const { top, sub } = choosePlace();
    const brand = pick(BRANDS);
    const adjective = pick(ADJECTIVES);
    const noun = pick(sub.nouns);
    let title = `${brand} ${adjective} ${noun}`;
    for (let n = 2; titles.has(title); n++) title = `${brand} ${adjective} ${noun} ${n}`;
    titles.add(title);

    const ref = `BENCH-${String(i).padStart(6, "0")}`;
    const variantCount = Math.min(sub.attributes.length, between(1, 3));
    const firstAttr = between(0, sub.attributes.length - variantCount);
    const basePrice = between(sub.price[0], sub.price[1]);
    const variants = Array.from({ length: variantCount }, (_, v) => {
      const price = Math.round(basePrice * (1 + v * 0.9));
      const discount = pick([0, 0, 0.05, 0.1, 0.15, 0.2, 0.25]);
      const inStock = rnd() > 0.08;
      return {
        internal_reference: `${ref}-${String.fromCharCode(65 + v)}`,
        attribute: sub.attributes[firstAttr + v],
        price,
        mrp: Math.round(price / (1 - discount)),
        images: ["/images/placeholder.svg"],
        in_stock: inStock,
        inventory_stock: inStock ? between(1, 200) : 0,
      };
    });

    products.push({
      title,
      short_desc: `${adjective} ${noun.toLowerCase()} from ${brand}, ${pick(PHRASES)}.`,
      long_desc: "",
      category: sub.name ? `${top.path} / ${sub.name}` : top.path,
      sales_tax: [sub.tax],
      rating: between(6, 10) / 2,
      isOrganic: rnd() < 0.2,
      created_at: new Date(start + i * 47 * 60_000).toISOString(),
      variants,
    });
  }
  return { categories, products };
}
