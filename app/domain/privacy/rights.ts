// A shopper's rights over their data (issue 48 items 3 and 4): the words My Account and the mails
// say them with, and their constants. Kept apart from export.ts, which zips, so a page that says
// these words ships no ZIP code.

import { z } from "zod";
import { pathIn, type Locale } from "../i18n/locale.ts";

/** Where an export's file is handed over, in the shopper's language (the mailed link, My Account's button). */
export const exportPath = (id: number, locale: Locale = "en") => pathIn(locale, `/myaccount/privacy/export/${id}`);

/** How long the mailed link works, from when the file is ready. */
export const EXPORT_LINK_HOURS = 24;

export const ERASURE_MESSAGES = {
  heading: /*i18n*/ "Delete my account",
  explain:
    /*i18n*/ "Deleting your account erases at once your details, addresses, cart, wishlist, messages, consents and sign-ins. The law makes us keep the orders we issued a GST invoice for, with the name and address on the invoice, for about 7 years; your reviews stay, without your name. You can sign up again with the same e-mail or number.",
  passwordLabel: /*i18n*/ "Your password, to confirm",
  confirmBox: /*i18n*/ "I understand this cannot be undone",
  button: /*i18n*/ "Delete my account",
  signInAgain: /*i18n*/ "To delete your account, sign in again first: with your password or a code sent to your mobile.",
  deleted: /*i18n*/ "Your account is deleted. We keep only the invoiced orders the law requires.",
  openOrders: /*i18n*/ "An order of yours is still on its way: it must be delivered or cancelled before the account can be deleted.",
  standingOrders: /*i18n*/ "Cancel your standing orders first, then delete the account.",
  confirmNeeded: /*i18n*/ "Tick the box to confirm.",
  wrongPassword: /*i18n*/ "That password is not right.",
  elsewhere: /*i18n*/ "Your account and orders are kept in the brand's own system. To delete them, write to us: we will do it and tell you.",
} as const;

/** 'Delete my account': the password where the account has one (the use case decides), and the tick. */
export const deleteAccountSchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.literal("on", { error: ERASURE_MESSAGES.confirmNeeded }),
});

export const EXPORT_MESSAGES = {
  heading: /*i18n*/ "Download my data",
  explain:
    /*i18n*/ "A ZIP file of everything we hold on you: your account, addresses, orders, reviews, messages, consents and sign-in history, as JSON and as CSV for a spreadsheet. We make it in the background and e-mail you a link; it works once, for 24 hours.",
  explainNoEmail:
    /*i18n*/ "A ZIP file of everything we hold on you: your account, addresses, orders, reviews, messages, consents and sign-in history, as JSON and as CSV for a spreadsheet. We make it in the background; the link appears here and works once, for 24 hours.",
  ask: /*i18n*/ "Make my file",
  requested: /*i18n*/ "We are making your file. We will e-mail you a link when it is ready, usually within a minute.",
  requestedNoEmail: /*i18n*/ "We are making your file. Its link will appear on this page when it is ready, usually within a minute.",
  alreadyMaking: /*i18n*/ "Your file is being made already.",
  alreadyReady: /*i18n*/ "Your file is ready: download it below.",
  making: /*i18n*/ "Your file is being made. Reload this page in a minute.",
  ready: /*i18n*/ "Your file is ready. The link works once, until {time}.",
  download: /*i18n*/ "Download my data (ZIP, {size})",
  downloaded: /*i18n*/ "Your last file was downloaded on {time}. Its link no longer works.",
  downloading: /*i18n*/ "Your file is downloading. Its link no longer works: ask for a new file if you need one again.",
  expired: /*i18n*/ "Your last file's link ran out on {time}. Ask for a new one.",
  failed: /*i18n*/ "We could not make your file. Please ask again.",
  notFound: /*i18n*/ "There is no such file.",
  used: /*i18n*/ "This link has been used already: it works once. Ask for a new file in My Account.",
  linkExpired: /*i18n*/ "This link ran out: it works for 24 hours. Ask for a new file in My Account.",
  pending: /*i18n*/ "Your file is not ready yet. Try again in a minute.",
  mailSubject: /*i18n*/ "Your data from {shop} is ready",
  mailBody: /*i18n*/ "The file with everything we hold on you is ready. Download it here, signed in to your account: {link}",
  mailOnce: /*i18n*/ "The link works once, until {time}. If you did not ask for this file, change your password and write to us at {support}.",
} as const;

/** A breach notice (issue 48 item 6), as the shopper reads it: in the mail and My Account. */
export const BREACH_MESSAGES = {
  heading: /*i18n*/ "Security notices",
  mailSubject: /*i18n*/ "Important: a breach of security at {shop} touched your data",
  opening: /*i18n*/ "We are writing to tell you that a breach of security at {shop} touched your personal data.",
  whatHappened: /*i18n*/ "What happened",
  when: /*i18n*/ "When",
  whenBoth: /*i18n*/ "It happened on {occurred}; we found it on {found}.",
  whenFound: /*i18n*/ "We found it on {found}.",
  whichData: /*i18n*/ "Your data it touched",
  consequences: /*i18n*/ "What it may mean for you",
  mitigation: /*i18n*/ "What we have done",
  safety: /*i18n*/ "What you can do",
  contact: /*i18n*/ "Questions: write to {email} or call {phone} ({hours}).",
  notifiedOn: /*i18n*/ "We told you on {date}.",
} as const;
