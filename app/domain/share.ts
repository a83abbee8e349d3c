// Sharing a product (Specification: Product page; issue 25 item 15): the way Indian shoppers share, on WhatsApp
// and by e-mail, as plain links that work without JavaScript; with it, the browser's own share
// sheet (the Web Share API) where there is one.

export interface SharedPage {
  title: string;
  /** The page's absolute address. */
  url: string;
}

/** WhatsApp's click-to-chat link with the message filled in (https://wa.me/?text=…). */
export function whatsappLink({ title, url }: SharedPage): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

/** An e-mail to whoever the shopper chooses, with the page's title and address. */
export function mailLink({ title, url }: SharedPage): string {
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`;
}
