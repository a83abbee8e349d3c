// Clerk's sign-in, loaded only when AUTH_PROVIDER=clerk (signin.tsx imports it lazily).
// Sign-up is off, as the specification's hosted widget has it; afterwards Clerk sends the
// shopper to /auth/clerk, which starts Haat's session.
// On a Hindi page (issue 27) the page lives under /hi, React Router's basename: Clerk's own paths
// are the browser's (/hi/signin/…), what it navigates to goes through the router without the /hi
// the router adds itself, and its main words are said in Hindi.
import { ClerkProvider, SignIn } from "@clerk/react-router";
import { useHref, useNavigate } from "react-router";
import type { I18n } from "../../domain/i18n/messages.ts";
import { withoutLocale } from "../../domain/i18n/locale.ts";
import { store } from "../../domain/store-config.ts";
import { useI18n } from "../i18n.tsx";

/** Clerk's sign-in words that Haat's catalogue has in Hindi (the rest stay Clerk's English). */
function clerkWords(i18n: I18n) {
  return {
    locale: "hi-IN",
    formFieldLabel__emailAddress: i18n._("Email"),
    formFieldLabel__password: i18n._("Password"),
    formFieldAction__forgotPassword: i18n._("Forgot password?"),
    formButtonPrimary: i18n._("Continue"),
    dividerText: i18n._("or"),
    signIn: {
      start: { title: i18n._("Sign in"), subtitle: i18n._("Welcome back to {name}.", { name: store.name }) },
      password: { title: i18n._("Enter your password"), actionLink: i18n._("Use another method") },
    },
  };
}

export default function ClerkSignIn({ clerkState, returnTo }: { clerkState: unknown; returnTo: string }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const path = useHref("/signin");
  const afterSignIn = useHref(`/auth/clerk?return_to=${encodeURIComponent(returnTo)}`);
  const inHindi =
    i18n.locale === "en"
      ? {}
      : {
          routerPush: (to: string) => navigate(withoutLocale(to)),
          routerReplace: (to: string) => navigate(withoutLocale(to), { replace: true }),
          localization: clerkWords(i18n),
        };
  return (
    <ClerkProvider loaderData={{ clerkState }} {...inHindi}>
      <SignIn routing="path" path={path} withSignUp={false} transferable={false} forceRedirectUrl={afterSignIn} />
    </ClerkProvider>
  );
}
