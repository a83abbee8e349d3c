// How long the shop keeps each kind of personal data (issue 48, decision 083): one table of
// periods, read by the daily job that removes what has outlived its period
// (server/shop/retention.server.ts), and by the privacy notice, whose words quote these numbers.
import { DEVICE_LIFETIME_MS, SESSION_LIFETIME_MS } from "../account.ts";
import { POST_KEY_KEEP_MS } from "../offline-queue.ts";
import type { Locale } from "../i18n/locale.ts";
import type { Said } from "./personal-data.ts";

/** Days after which the daily job removes each kind, from the moment named beside it. */
export const RETENTION_DAYS = {
  /** One-time sign-in codes, from their expiry, 10 minutes after sending (the hourly count looks back an hour). */
  codes: 1,
  /** Password reset codes, from their expiry. */
  passwordResets: 1,
  /** E-mail confirmation links, from their expiry (7 days after sending). */
  emailConfirmations: 1,
  /** Sessions, from their expiry (30 days after their last use). */
  sessions: 0,
  /** The JSON API's tokens, from their refresh token's expiry or their revocation. */
  apiTokens: 0,
  /** Devices a shopper signed in on, from their last sign-in there. */
  devices: DEVICE_LIFETIME_MS / 86_400_000,
  /** Counts of attempts (keyed by IP address, e-mail or number), from their window's start. */
  rateLimits: 1,
  /** Keys of posts a browser may send again, from their first use: as long as a post is remembered. */
  postKeys: POST_KEY_KEEP_MS / 86_400_000,
  /** A newsletter address never confirmed (from the confirmation mail) or unsubscribed (from then). */
  newsletter: 30,
  /** Mails and SMS waiting for a retry, from when they were first tried. */
  outgoingMessages: 7,
  /** Answered or closed messages to the shop, from the last word in them. */
  tickets: 730,
  /** Carts never ordered, from their last change. */
  carts: 90,
  /** Staff's record of what they changed (the processing log), from the change. */
  staffRecords: 365,
  /** Staff's ticks on the pick list, from the tick. */
  pickTicks: 365,
  /** The consent ledger's lines of a consent withdrawn (or ended), from the withdrawal: a grant that stands is kept. */
  consents: 365,
  /** Who (staff or the shop's jobs) read or changed a shopper's data, from then (DPDP Rules r.6(1)(e): a year). */
  processingLog: 365,
  /** A breach's record, whom it touched and the log of telling them, from when it was found. */
  breaches: 1095,
  /** A 'Download my data' file and the record of asking for it, from the asking (the file itself goes when downloaded, or after 24 hours). */
  dataExports: 2,
} as const;

const D = RETENTION_DAYS;
const sessionDays = SESSION_LIFETIME_MS / 86_400_000;

/** What the notice says of each period. */
export const RETENTION = {
  account: {
    en: `While your account is open; you can delete it yourself in My Account, at once`,
    hi: `जब तक आपका खाता खुला है; आप इसे 'मेरा खाता' में ख़ुद, तुरंत हटा सकते हैं`,
  },
  "sign-in": {
    en: `Codes and links until a day after they expire; counts of attempts (by IP address, e-mail or number) for a day; sessions until ${sessionDays} days after their last use; devices ${D.devices} days after you last signed in on them; your password while your account is open`,
    hi: `कोड और लिंक समाप्त होने के एक दिन बाद तक; प्रयासों की गिनती (IP पते, ई-मेल या नंबर के अनुसार) एक दिन तक; सेशन अंतिम उपयोग के ${sessionDays} दिन बाद तक; डिवाइस उन पर अंतिम साइन-इन के ${D.devices} दिन बाद तक; आपका पासवर्ड जब तक आपका खाता खुला है`,
  },
  "tax-records": {
    en: `Orders and invoices 72 months from the due date of that year's GST annual return (about 7 years), as the GST law requires (CGST Act, section 36), even if you delete your account; a cart you never order, ${D.carts} days after its last change`,
    hi: `ऑर्डर और इनवॉइस उस वर्ष के GST वार्षिक रिटर्न की नियत तिथि से 72 महीने (लगभग 7 वर्ष) तक, जैसा GST कानून माँगता है (CGST अधिनियम, धारा 36), खाता हटाने पर भी; जो कार्ट आप कभी ऑर्डर नहीं करते, उसके अंतिम बदलाव के ${D.carts} दिन बाद तक`,
  },
  newsletter: {
    en: `Until you unsubscribe, and ${D.newsletter} days after; an address never confirmed, ${D.newsletter} days`,
    hi: `जब तक आप सदस्यता न छोड़ें, और उसके ${D.newsletter} दिन बाद तक; बिना पुष्टि का पता ${D.newsletter} दिन तक`,
  },
  tickets: {
    en: `${D.tickets / 365} years after the last message between us`,
    hi: `हमारे बीच अंतिम संदेश के ${D.tickets / 365} वर्ष बाद तक`,
  },
  "outgoing-messages": {
    en: `Until sent, or ${D.outgoingMessages} days at most`,
    hi: `भेजे जाने तक, या अधिकतम ${D.outgoingMessages} दिन`,
  },
  "not-kept": {
    en: "Not kept: deleted as soon as it is turned into text",
    hi: "रखा नहीं जाता: पाठ में बदलते ही हटा दिया जाता है",
  },
  consents: {
    en: `While the consent stands, and ${D.consents} days after you withdraw it, to show what you agreed to and when`,
    hi: `जब तक सहमति बनी रहे, और उसे वापस लेने के ${D.consents} दिन बाद तक, यह दिखाने के लिए कि आपने किस बात पर और कब सहमति दी`,
  },
  "data-exports": {
    en: `The file until you download it, or 24 hours at most; the record that you asked for it, ${D.dataExports} days`,
    hi: `फ़ाइल आपके डाउनलोड करने तक, या अधिकतम 24 घंटे; आपके माँगने का रिकॉर्ड ${D.dataExports} दिन`,
  },
  "processing-log": {
    en: `${D.processingLog} days from each time`,
    hi: `हर बार से ${D.processingLog} दिन तक`,
  },
  breaches: {
    en: `${D.breaches / 365} years from when the breach was found`,
    hi: `उल्लंघन का पता चलने से ${D.breaches / 365} वर्ष तक`,
  },
  "staff-records": {
    en: `${D.staffRecords} days from each change`,
    hi: `हर बदलाव से ${D.staffRecords} दिन तक`,
  },
} as const satisfies Record<string, Said>;

export type RetentionKey = keyof typeof RETENTION;

export const retentionSaid = (key: RetentionKey, locale: Locale) => RETENTION[key][locale];
