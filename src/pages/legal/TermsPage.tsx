import { LegalLayout } from "./LegalLayout";
import { COMPANY_NAME, LEGAL_LAST_UPDATED } from "../../lib/brand";

/** Terms of Service (/terms). */
export function TermsPage() {
  return (
    <LegalLayout title="Terms of Service" lastUpdated={LEGAL_LAST_UPDATED}>
      <section>
        <h2>1. Acceptance of terms</h2>
        <p>
          By creating an account or using Plantry (the "Service"), operated by {COMPANY_NAME}, you agree to these Terms of Service. If you do not agree, please
          do not use the Service.
        </p>
      </section>
      <section>
        <h2>2. The Service</h2>
        <p>
          Plantry helps households track pantry and fridge food with expiry dates, scan grocery receipts, generate and keep recipes, plan meals, build grocery
          lists and talk to an AI cooking assistant. The Service is currently in beta: features may change, and during the beta all premium features are free.
        </p>
      </section>
      <section>
        <h2>3. Your account</h2>
        <p>
          You are responsible for keeping your sign-in details secure and for everything that happens under your account. Tell us promptly if you believe your
          account has been used without your permission.
        </p>
      </section>
      <section>
        <h2>4. Subscriptions and billing</h2>
        <p>
          The Free plan costs nothing. Premium subscriptions are billed monthly and include unlimited AI recipe generation, unlimited receipt scanning and the other
          premium features described on the pricing page. Every paid plan starts with a 7-day free trial, and you can cancel at any time; cancellation takes effect
          at the end of the current billing period. During the beta payments are not switched on: nobody is billed, and every account has every feature for
          free. We will tell you in the app before that changes.
        </p>
      </section>
      <section>
        <h2>5. AI-generated content</h2>
        <p>
          Recipes, cooking advice, expiry estimates and other AI-generated content are suggestions and may be inaccurate. Always use your own judgement and verify
          food safety, allergens, cooking temperatures and times. Expiry estimates are not a guarantee that food is safe to eat.
        </p>
      </section>
      <section>
        <h2>6. Acceptable use</h2>
        <p>
          Do not misuse the Service: no attempts to access other users' data, disrupt the Service, upload unlawful content or use automated means to overload it.
        </p>
      </section>
      <section>
        <h2>7. Your content</h2>
        <p>
          You keep ownership of the content you add (pantry items, recipes, receipt images, comments). You give us permission to store and process it only to
          provide the Service to you. You can download all of it, or delete your account and all of it, from your profile at any time.
        </p>
      </section>
      <section>
        <h2>8. Limitation of liability</h2>
        <p>
          The Service is provided "as is". To the extent permitted by law, {COMPANY_NAME} is not liable for indirect or consequential losses, including food
          spoilage or illness arising from reliance on the Service.
        </p>
      </section>
      <section>
        <h2>9. Changes and contact</h2>
        <p>
          We may update these terms; we will tell you about significant changes in the app. Questions? Use the Feedback button in the app or our support channels.
        </p>
      </section>
    </LegalLayout>
  );
}
