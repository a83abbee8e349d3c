// The token of the e-mail confirmation link in a mail's text (decision 047), for the integration
// and end-to-end suites alike: no test runner's imports here.
export function confirmationToken(mail: string): string {
  const token = /\/verify-email\?token=(\S+)/.exec(mail)?.[1];
  if (!token) throw new Error("the mail has no confirmation link");
  return decodeURIComponent(token);
}
