// What a field says when its schema names no message of its own (issue 41 item 8): never zod's
// own English ('Invalid input: expected string, received undefined'), always one of the shop's
// catalogued messages, which Hindi pages translate. Installed into zod's global configuration
// (the object z.config() writes to, shared by every copy of zod) without loading zod, so the
// pages' JavaScript carries none; the server's pipelines and the root install it.

export const FIELD_MESSAGES = {
  required: /*i18n*/ "Please fill in this field.",
  tooLong: /*i18n*/ "This is too long. Please shorten it.",
  tooShort: /*i18n*/ "This is too short.",
  tooLarge: /*i18n*/ "Please enter a smaller number.",
  tooSmall: /*i18n*/ "Please enter a larger number.",
  wholeNumber: /*i18n*/ "Please enter a whole number.",
  email: /*i18n*/ "Please enter a valid email address.",
  choice: /*i18n*/ "Please choose one of the options.",
  check: /*i18n*/ "Please check what you entered here.",
} as const;

/** What zod reports of an issue, as far as the message depends on it. */
interface Issue {
  code?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  minimum?: unknown;
  expected?: string;
}

/** The shop's message for an issue its schema gave no message to. */
export function fieldMessage(issue: Issue): string {
  const empty = issue.input === undefined || issue.input === null || issue.input === "";
  switch (issue.code) {
    case "invalid_type":
      if (empty) return FIELD_MESSAGES.required;
      return issue.expected === "int" ? FIELD_MESSAGES.wholeNumber : FIELD_MESSAGES.check;
    case "too_small":
      if (issue.origin === "string" || issue.origin === "array") return Number(issue.minimum) <= 1 ? FIELD_MESSAGES.required : FIELD_MESSAGES.tooShort;
      return FIELD_MESSAGES.tooSmall;
    case "too_big":
      return issue.origin === "string" || issue.origin === "array" ? FIELD_MESSAGES.tooLong : FIELD_MESSAGES.tooLarge;
    case "invalid_format":
      return issue.format === "email" ? FIELD_MESSAGES.email : FIELD_MESSAGES.check;
    case "invalid_value":
    case "invalid_union":
      return empty ? FIELD_MESSAGES.required : FIELD_MESSAGES.choice;
    default:
      return FIELD_MESSAGES.check;
  }
}

/** Makes fieldMessage what every schema without a message of its own says. */
export function installFieldMessages(): void {
  const config = ((globalThis as { __zod_globalConfig?: { customError?: (issue: Issue) => string } }).__zod_globalConfig ??= {});
  config.customError = fieldMessage;
}
