// The brand's own pages: about, testimonials, blog, the café and market pages and the
// landing page (Specification: Content pages and Route table). Written for this demo brand; a deployer
// edits them here. In Hindi (issue 27): the about page and the blog are in brand.hi.ts, chosen
// by the pages' loaders; the shorter texts marked /*i18n*/ are in the catalogue, translated as shown.
import { say } from "../domain/i18n/messages.ts";
import { store } from "../domain/store-config.ts";

export interface Testimonial {
  name: string;
  location: string;
  role: string;
  title: string;
  text: string;
  rating: 5;
}

/** The spec's four guest testimonials, all five stars; autoplay 2500 ms (Specification: Browsing constants). */
export const TESTIMONIALS: Testimonial[] = [
  {
    name: "Ananya Mehra",
    location: "DLF Phase 4, Gurugram",
    role: /*i18n*/ "Home cook",
    title: /*i18n*/ "The dal tastes like my grandmother's again",
    text: /*i18n*/ "The Malka masoor and the stone-ground atta are the real thing. Orders come the next morning, well packed, and the one time a jar arrived cracked they replaced it the same day.",
    rating: 5,
  },
  {
    name: "Rohit Sabharwal",
    location: "Sector 56, Gurugram",
    role: /*i18n*/ "Café regular",
    title: /*i18n*/ "A weekend ritual",
    text: /*i18n*/ "Filter coffee at the artisanal café, a walk through the market, and a bag of their Kashmiri walnuts to take home. The staff remember how we like our dosa.",
    rating: 5,
  },
  {
    name: "Meera Iyer",
    location: "Golf Course Road, Gurugram",
    role: /*i18n*/ "Corporate gifting",
    title: /*i18n*/ "Forty hampers, zero fuss",
    text: /*i18n*/ "We sent Diwali hampers to our whole team. Haat helped us choose, added handwritten notes and delivered every one on the promised day.",
    rating: 5,
  },
  {
    name: "Kabir Rao",
    location: "Sohna Road, Gurugram",
    role: /*i18n*/ "Food writer",
    title: /*i18n*/ "Street food, done honestly",
    text: /*i18n*/ "The Street Food Gully serves chaat the way Old Delhi does, with filtered water and fresh oil. The kulfi alone is worth the drive.",
    rating: 5,
  },
];

export const TESTIMONIAL_AUTOPLAY_MS = 2500;

/** The about page's texts (/aboutus); Hindi in brand.hi.ts, with the same shape. */
export interface AboutPage {
  hero: { title: string; text: string };
  brand: readonly string[];
  vision: string;
  director: { name: string; role: string; message: readonly string[] };
  unique: readonly { title: string; text: string }[];
}

export const ABOUT = {
  hero: { title: `About ${store.name}`, text: "Honest groceries, gourmet finds and good food, from a Gurugram family business." },
  brand: [
    `${store.name} began in 2014 as a single grocery counter in a Gurugram market, weighing dals and spices for neighbours who wanted them unpolished and fresh. Today it is a shop, a café, a market and a street-food lane, and this website brings the shop to your door by the next morning.`,
    "We buy pulses, grains and spices directly from farmer groups in Madhya Pradesh, Rajasthan and Kerala, grind our flours in small batches, and choose every gourmet item by tasting it first.",
  ],
  vision: "To be the neighbourhood store Gurugram trusts for what it eats: fair prices, food that is what the label says, and service that knows your name.",
  director: {
    name: "Sunita Arora",
    role: "Founder & Director",
    message: [
      "When we opened, my promise was simple: I would only sell what I would cook at home. Ten years on, that is still how we choose every product on these shelves.",
      "Thank you for shopping with us, for your suggestions, and for your patience on the busy days before Diwali. We read every message you send.",
    ],
  },
  unique: [
    { title: "Sourced, not just stocked", text: "Dals, grains and spices bought from growers we visit, and flours milled in small batches." },
    { title: "Delivered tomorrow", text: "Order by noon and it is at your Gurugram door the next day, packed to arrive intact." },
    { title: "Prices you can read", text: "Whole-rupee prices including GST, and the MRP beside them, always." },
    { title: "People who answer", text: "A support team in Gurugram, Monday to Friday, who can actually help." },
  ],
} as const satisfies AboutPage;

/** A post of the blog; the Hindi posts (brand.hi.ts) have the same ids, slugs, dates and images. */
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  date: string;
  author: string;
  image: string;
  category: string;
  excerpt: string;
  body: string[];
}

export const BLOG_POSTS: BlogPost[] = [
  {
    id: 1,
    slug: "choosing-basmati",
    title: "How to choose a good basmati rice",
    date: "2026-10-18",
    author: "Sunita Arora",
    image: "/images/categories/rice.svg",
    category: "Grocers Pick",
    excerpt: "Length, aroma and age: what to look for on the shelf, and how to cook it so every grain stays separate.",
    body: [
      "Good basmati is aged. Rice rested for a year or more cooks up longer, fluffier and less sticky, because the grain loses moisture and firms up. Look for the word 'aged' and a harvest year on the pack.",
      "Check the grain length and whether the grains are whole. Broken grains cook unevenly and turn mushy; a good pack has very few.",
      "To cook: rinse three times until the water runs almost clear, soak for 30 minutes, then boil in plenty of salted water for 9 to 11 minutes and drain. A few drops of lemon juice keep the grains white.",
      "Our Haat Select Basmati is aged 18 months and comes from a farmer group near Karnal. We cook a pot of every new lot before it goes on the shelf.",
    ],
  },
  {
    id: 2,
    slug: "dals-for-every-day",
    title: "Five dals for every day of the week",
    date: "2026-09-02",
    author: "Chef Arjun Nair",
    image: "/images/categories/pulses.svg",
    category: "Recipes",
    excerpt: "From a quick masoor on Monday to a slow-cooked dal makhani on Sunday: a week of dals and the tempering each one wants.",
    body: [
      "Monday, masoor: red lentils cook in 15 minutes without soaking. Temper with cumin, garlic and a dried red chilli.",
      "Tuesday, moong: yellow moong dal is the gentlest on the stomach. Finish with ghee, asafoetida and a squeeze of lemon.",
      "Wednesday, toor: the base of sambar and of Gujarati dal. Add tamarind and jaggery for the sweet-sour balance.",
      "Thursday, chana: soak split Bengal gram for an hour and cook with a bay leaf; it holds its shape for a dry dal with coconut.",
      "Sunday, whole urad: soak overnight and simmer for hours with rajma, butter and cream for dal makhani. It is better the next day.",
    ],
  },
  {
    id: 3,
    slug: "festive-hampers",
    title: "Putting together a festive hamper that people remember",
    date: "2026-08-20",
    author: "Meera Iyer",
    image: "/images/categories/hamper.svg",
    category: "Gifting",
    excerpt: "A theme, one indulgence, something useful and a handwritten note: our gifting team's rules for a hamper that is not forgotten by Monday.",
    body: [
      "Start with a theme: a breakfast hamper, a chai hamper, a baker's hamper. A theme makes every item feel chosen rather than collected.",
      "Add one real indulgence, such as saffron, Medjool dates or a single-estate tea, and build around it with everyday things people will use: good ghee, honey, a jar of pickle.",
      "Mind the mix of textures and sizes so the basket looks full without filler, and keep anything fragile in the middle.",
      "Finish with a handwritten note. Our team writes them for corporate orders too; tell us what to say when you order.",
    ],
  },
];

export interface BusinessPage {
  path: string;
  title: string;
  tagline: string;
  description: string;
  image: string;
  /** What the picture shows (it is the picture's own <title>). */
  imageAlt: string;
  sections: { heading: string; text: string }[];
  hours: string;
}

export const BUSINESSES: BusinessPage[] = [
  {
    path: "/marketplace",
    title: /*i18n*/ "The Marketplace",
    tagline: /*i18n*/ "Our shop floor, in person",
    description: say(/*i18n*/ "Visit {shop}'s marketplace in Gurugram: staples, gourmet food, dinnerware and gifting under one roof.", { shop: store.name }),
    image: "/images/stores/store-1.svg",
    imageAlt: /*i18n*/ "The Haat store front in Gurugram, with a striped awning and window displays",
    sections: [
      {
        heading: /*i18n*/ "Everything on the website, and more",
        text: /*i18n*/ "Taste before you buy at the spice and dry-fruit counters, have your flour milled while you wait, and find seasonal produce that never makes it online.",
      },
      {
        heading: /*i18n*/ "Farmers' market Saturdays",
        text: /*i18n*/ "Every Saturday morning the growers we buy from sell their own produce in the courtyard: organic vegetables, cold-pressed oils, honey and pickles.",
      },
    ],
    hours: /*i18n*/ "Open every day, 8 AM to 10 PM",
  },
  {
    path: "/artisanalcafe",
    title: /*i18n*/ "The Artisanal Café",
    tagline: /*i18n*/ "Coffee, bakes and slow breakfasts",
    description: say(/*i18n*/ "{shop}'s artisanal café: South Indian filter coffee, sourdough from our own oven and breakfasts made with the shop's produce.", { shop: store.name }),
    image: "/images/stores/store-3.svg",
    imageAlt: /*i18n*/ "The Haat café corner with a coffee counter, menu board and tables",
    sections: [
      {
        heading: /*i18n*/ "From our shelves to your plate",
        text: /*i18n*/ "The café cooks with what the shop sells: millets, cold-pressed oils, our own flours. If you like a dish, you can buy its ingredients on the way out.",
      },
      {
        heading: /*i18n*/ "Baked every morning",
        text: /*i18n*/ "Sourdough, nankhatai and millet cookies come out of the oven at 7 AM; what is left at closing goes to a shelter nearby.",
      },
    ],
    hours: /*i18n*/ "Open every day, 7:30 AM to 9 PM",
  },
  {
    path: "/streetfoodgully",
    title: /*i18n*/ "Street Food Gully",
    tagline: /*i18n*/ "India's street food, made with care",
    description: say(/*i18n*/ "{shop}'s Street Food Gully: chaat, kathi rolls and kulfi from across India, made with filtered water and fresh oil.", { shop: store.name }),
    image: "/images/stores/store-5.svg",
    imageAlt: /*i18n*/ "The Street Food Gully at Haat at dusk: golgappe, kathi roll and kulfi stalls under string lights",
    sections: [
      {
        heading: /*i18n*/ "A lane of stalls",
        text: /*i18n*/ "Golgappe from Delhi, vada pav from Mumbai, jhalmuri from Kolkata and kulfi from Lucknow, each stall run by a cook from that city.",
      },
      { heading: /*i18n*/ "Clean by design", text: /*i18n*/ "Filtered water for every pani, oil changed daily, and a kitchen you can see into." },
    ],
    hours: /*i18n*/ "Open every day, 4 PM to 11 PM",
  },
];

export const LANDING = {
  experiences: [
    { title: /*i18n*/ "The Marketplace", text: /*i18n*/ "Groceries, gourmet and gifting under one roof.", to: "/marketplace" },
    { title: /*i18n*/ "Artisanal Café", text: /*i18n*/ "Filter coffee, sourdough and slow breakfasts.", to: "/artisanalcafe" },
    { title: /*i18n*/ "Street Food Gully", text: /*i18n*/ "India's street food, made with care.", to: "/streetfoodgully" },
    { title: /*i18n*/ "Fine Dining", text: /*i18n*/ "A seasonal tasting menu from our executive chef, by reservation.", to: "/contact" },
  ],
  fineDining:
    /*i18n*/ "Our twelve-seat dining room serves a seasonal tasting menu built on what the market brings in that week. Reservations are taken by message: tell us the date and the number of guests.",
  values: [
    { title: /*i18n*/ "Sustainability", text: /*i18n*/ "Paper and cloth packaging, food waste composted or shared, and growers paid fairly and on time." },
    { title: /*i18n*/ "Purity of Ingredients", text: /*i18n*/ "No added colours, no polished dals, no blends passed off as single-origin." },
    { title: /*i18n*/ "Meaningful Connections", text: /*i18n*/ "Knowing the farmers we buy from and the customers we cook for, by name." },
  ],
  team: [
    { role: /*i18n*/ "Executive Chef", name: "Arjun Nair", text: /*i18n*/ "Trained in Kerala and Lyon; builds the café and tasting menus around the market." },
    { role: /*i18n*/ "Master Artisan", name: "Farida Khan", text: /*i18n*/ "Runs the bakery and the flour mill, and judges every new spice lot." },
    { role: /*i18n*/ "Experience Director", name: "Vikram Sethi", text: /*i18n*/ "Looks after the marketplace, the gully and every guest who walks in." },
  ],
} as const;
