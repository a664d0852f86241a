import { Link } from "@tanstack/react-router";
import { LegalLayout } from "./LegalLayout";
import { COMPANY_NAME, LEGAL_LAST_UPDATED } from "../../lib/brand";

/** Privacy Policy (/privacy): what is collected, why, and the user's rights over it. */
export function PrivacyPage() {
  return (
    <LegalLayout title="Privacy Policy" lastUpdated={LEGAL_LAST_UPDATED}>
      <section>
        <p>
          This policy explains what {COMPANY_NAME} collects when you use Plantry, why, and the choices you have. We collect only what we need to run the
          Service.
        </p>
      </section>
      <section>
        <h2>1. Information we collect</h2>
        <ul>
          <li>
            <strong>Account information:</strong> your email address and name (and the username, display name, bio and photo you choose to add).
          </li>
          <li>
            <strong>Grocery lists and pantry items:</strong> the food you track, with quantities, storage places and expiry dates.
          </li>
          <li>
            <strong>Recipes and meal plans:</strong> recipes you generate, import, save, rate or comment on, and the meals you plan.
          </li>
          <li>
            <strong>Receipt images:</strong> the photos and files of receipts you upload for scanning.
          </li>
          <li>
            <strong>Usage data:</strong> how much you use the AI features (for the monthly allowance), what you choose in Smart Insights, and the page and browser
            type sent with any feedback. We don't use analytics or advertising trackers.
          </li>
        </ul>
      </section>
      <section>
        <h2>2. How we use it</h2>
        <p>
          To provide and improve the Service: keeping your pantry and plans, estimating expiry dates, reading receipts, generating recipes and suggestions,
          sending reminders you turned on, keeping your account secure, and answering feedback. We do not sell your personal data.
        </p>
      </section>
      <section>
        <h2>3. AI processing</h2>
        <p>
          When you use AI features, the ingredients, questions or receipt text involved are processed to produce an answer. They are not used to identify you.
        </p>
      </section>
      <section>
        <h2>4. Retention</h2>
        <p>
          We keep your data while your account is active. When you delete your account, everything is deleted at once: every record of yours, your receipt
          images and profile photo, and every session on every device. Feedback and survey answers you sent are deleted with it.
        </p>
      </section>
      <section>
        <h2>5. Your rights</h2>
        <ul>
          <li>
            <strong>Access:</strong> ask for a copy of the personal data we hold about you.
          </li>
          <li>
            <strong>Correction:</strong> fix data that is wrong or incomplete.
          </li>
          <li>
            <strong>Deletion:</strong> ask us to delete your data.
          </li>
          <li>
            <strong>Objection:</strong> object to processing of your data.
          </li>
          <li>
            <strong>Portability:</strong> receive your data in a portable format.
          </li>
        </ul>
        <p>
          Two of these you can do yourself, any time, from <strong>Your Profile</strong> &gt; <strong>Your data</strong>: <strong>Download my data</strong> gives a
          JSON file of everything your account holds (plus spreadsheets of your pantry and grocery lists), and <strong>Delete my account</strong> removes it all.
          You can also bring your recipes with you from other apps (Paprika, Mealie, Tandoor or any schema.org recipe file) from the Recipes page.
        </p>
      </section>
      <section>
        <h2>6. Security</h2>
        <p>Passwords are stored only as salted hashes, sessions use secure cookies, and every request is checked against your account.</p>
      </section>
      <section>
        <h2>7. Cookies</h2>
        <p>
          We use cookies to keep you signed in and remember your preferences. See the <Link to="/cookies">Cookie Policy</Link> for details.
        </p>
      </section>
      <section>
        <h2>8. Contact</h2>
        <p>To exercise your rights or ask a question, use the Feedback button in the app or our support channels.</p>
      </section>
    </LegalLayout>
  );
}
