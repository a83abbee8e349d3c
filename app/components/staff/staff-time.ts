// The staff's pages say a moment one way: India's time, in English (their pages are English).
export const staffTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
