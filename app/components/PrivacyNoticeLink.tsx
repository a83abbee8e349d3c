// Where the shop asks for personal data (sign-up, mobile sign-in, checkout), the way to its
// privacy notice (issue 48): before the data is given, as the DPDP Act's notice comes before consent.
import { Link } from "react-router";
import { useI18n } from "./i18n.tsx";

export function PrivacyNoticeLink() {
  const i18n = useI18n();
  return (
    <p className="text-xs text-stone-600">
      <Link to="/PrivacyPolicy" className="text-brand-700 underline">
        {i18n._("How we use your data (Privacy Policy)")}
      </Link>
    </p>
  );
}
