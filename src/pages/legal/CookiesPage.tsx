import { LegalLayout, formatLegalDate } from "./LegalLayout";

/** Cookie Policy (/cookies): today's date as Last updated and the eight sections, describing the cookies Plantry really sets. */
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
            <strong>Essential cookies:</strong> short-lived security cookies that protect a sign-in with Google or GitHub from being tampered with.
          </li>
          <li>
            <strong>Authentication cookies:</strong> one cookie, <code>plantry_session</code>, keeps you signed in. It is sent only to Plantry, over HTTPS, and
            scripts on the page cannot read it.
          </li>
          <li>
            <strong>Preference cookies:</strong> none. Your choices, such as the light or dark theme, are kept in your browser's local storage and never sent to us.
          </li>
          <li>
            <strong>Analytics cookies:</strong> none. We don't use analytics or advertising cookies. If that ever changes we will ask first and list them here.
          </li>
        </ul>
      </section>
      <section>
        <h2>3. How long cookies last</h2>
        <ul>
          <li>
            <strong>Session-length cookies:</strong> the sign-in security cookies last ten minutes at most and are removed as soon as the sign-in finishes.
          </li>
          <li>
            <strong>Persistent cookies:</strong> the sign-in cookie lasts 30 days and is renewed while you use Plantry. Logging out or deleting your account ends
            it at once.
          </li>
        </ul>
      </section>
      <section>
        <h2>4. Third-party cookies</h2>
        <ul>
          <li>
            <strong>Analytics:</strong> none.
          </li>
          <li>
            <strong>Payment:</strong> none. Payments are not switched on during the beta.
          </li>
          <li>
            <strong>Social:</strong> if you choose to sign in with Google or GitHub, you visit their site for a moment, and they set their own cookies under their
            own policies.
          </li>
        </ul>
      </section>
      <section>
        <h2>5. Managing cookies</h2>
        <p>
          You can view, block or delete cookies in your browser's settings. Blocking the sign-in cookie stops you from signing in; everything else keeps working.
        </p>
      </section>
      <section>
        <h2>6. Consent</h2>
        <p>By using the site, you consent to our use of cookies as described in this policy.</p>
      </section>
      <section>
        <h2>7. Updates to this policy</h2>
        <p>We may update this policy from time to time. The date at the top shows when you last loaded it; we'll tell you in the app about any real change.</p>
      </section>
      <section>
        <h2>8. Contact us</h2>
        <p>Questions about cookies? Contact us through our support channels or the Feedback button in the app.</p>
      </section>
    </LegalLayout>
  );
}
