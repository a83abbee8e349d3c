// Clerk's sign-in, loaded only when AUTH_PROVIDER=clerk (signin.tsx imports it lazily).
// Sign-up is off, as the specification's hosted widget has it; afterwards Clerk sends the
// shopper to /auth/clerk, which starts Haat's session.
import { ClerkProvider, SignIn } from "@clerk/react-router";

export default function ClerkSignIn({ clerkState, returnTo }: { clerkState: unknown; returnTo: string }) {
  return (
    <ClerkProvider loaderData={{ clerkState }}>
      <SignIn routing="path" path="/signin" withSignUp={false} transferable={false} forceRedirectUrl={`/auth/clerk?return_to=${encodeURIComponent(returnTo)}`} />
    </ClerkProvider>
  );
}
