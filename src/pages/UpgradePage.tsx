import { Link } from "@tanstack/react-router";
import { PublicHeader } from "../components/public/PublicHeader";
import { PublicFooter } from "../components/public/PublicFooter";
import { buttonClass } from "../components/ui/Button";
import { CheckIcon, StarIcon } from "../components/icons";
import { CREATE_ACCOUNT_SEARCH, useAuth } from "../lib/auth";
import { usePageTitle } from "../lib/usePageTitle";

/**
 * /upgrade: where the old checkout link (/api/subscription/create-checkout) lands. Payments are not live during
 * the beta, so instead of a payment form (or an error) this says so and what it means.
 */
export function UpgradePage() {
  const { isAuthenticated } = useAuth();
  usePageTitle("Premium during the beta");

  const content = (
    <section className="upgrade" aria-labelledby="upgrade-title">
      <span className="upgrade__icon" aria-hidden="true">
        <StarIcon size={28} />
      </span>
      <h1 id="upgrade-title" className="page-title">
        Premium is free during the beta
      </h1>
      <p className="upgrade__lead">Payments aren't switched on yet, so there is nothing to buy and no card to enter. Every account gets every feature while Plantry is in beta.</p>
      <ul className="upgrade__points" role="list">
        {[
          "Unlimited receipt scanning, AI recipes and the cooking companion are already included.",
          "Nobody is charged: there is no trial to cancel.",
          "Before paid plans start we'll tell you in the app, and special pricing will apply at launch.",
        ].map((point) => (
          <li key={point}>
            <CheckIcon size={18} />
            {point}
          </li>
        ))}
      </ul>
      <div className="upgrade__actions">
        {isAuthenticated ? (
          <Link to="/" className={buttonClass({ size: "lg" })}>
            Back to your kitchen
          </Link>
        ) : (
          <>
            <Link to="/login" search={CREATE_ACCOUNT_SEARCH} className={buttonClass({ size: "lg" })}>
              Create a free account
            </Link>
            <Link to="/" hash="pricing" className={buttonClass({ size: "lg", variant: "outline" })}>
              See the plans
            </Link>
          </>
        )}
      </div>
    </section>
  );

  if (isAuthenticated) return content;
  return (
    <div className="public-page">
      <PublicHeader />
      <main id="main" className="container public-page__main">
        {content}
      </main>
      <PublicFooter />
    </div>
  );
}
