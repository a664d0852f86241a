import { LegalLayout, formatLegalDate } from "./LegalLayout";

/** Cookie Policy (/cookies): today's date as Last updated and the eight sections of spec part 2. */
export function CookiesPage() {
  return (
    <LegalLayout title="Cookie Policy" lastUpdated={formatLegalDate(new Date())}>
      <section>
        <h2>1. What are cookies</h2>
        <p>
          Cookies are small text files a website stores in your browser. They let the site remember you between pages and visits, for example that you are
          signed in.
        </p>
      </section>
      <section>
        <h2>2. Types of cookies we use</h2>
        <ul>
          <li>
            <strong>Essential cookies:</strong> needed for the site to work, such as security and load balancing.
          </li>
          <li>
            <strong>Authentication cookies:</strong> keep you signed in securely while you use Plantry.
          </li>
          <li>
            <strong>Preference cookies:</strong> remember your choices, such as the light or dark theme.
          </li>
          <li>
            <strong>Analytics cookies:</strong> help us understand how the app is used so we can improve it.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. How long cookies last</h2>
        <ul>
          <li>
            <strong>Session cookies</strong> are deleted when you close your browser.
          </li>
          <li>
            <strong>Persistent cookies</strong> stay for a set period (for example, to keep you signed in) or until you delete them.
          </li>
        </ul>
      </section>
      <section>
        <h2>4. Third-party cookies</h2>
        <p>Some cookies may be set by services we rely on:</p>
        <ul>
          <li>
            <strong>Analytics</strong> providers that measure usage.
          </li>
          <li>
            <strong>Payment</strong> providers that process subscriptions securely.
          </li>
          <li>
            <strong>Social</strong> sign-in providers, such as Google, when you choose to sign in with them.
          </li>
        </ul>
      </section>
      <section>
        <h2>5. Managing cookies</h2>
        <p>
          You can view, block or delete cookies in your browser's settings. Blocking essential or authentication cookies will stop you from signing in.
        </p>
      </section>
      <section>
        <h2>6. Consent</h2>
        <p>By using the site, you consent to our use of cookies as described in this policy.</p>
      </section>
      <section>
        <h2>7. Updates to this policy</h2>
        <p>We may update this policy from time to time. The date at the top shows when it last changed.</p>
      </section>
      <section>
        <h2>8. Contact us</h2>
        <p>Questions about cookies? Contact us through our support channels or the Feedback button in the app.</p>
      </section>
    </LegalLayout>
  );
}
