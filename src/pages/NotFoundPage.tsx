import { Link } from "@tanstack/react-router";
import { buttonClass } from "../components/ui/Button";
import { LogoMark } from "../components/Logo";
import { usePageTitle } from "../lib/usePageTitle";
import { useAuth } from "../lib/auth";
import { PublicHeader } from "../components/public/PublicHeader";
import { PublicFooter } from "../components/public/PublicFooter";

/** Unknown paths. Inside the app frame for signed-in users, standalone otherwise. */
export function NotFoundPage() {
  const { isAuthenticated } = useAuth();
  usePageTitle("Page not found");
  const body = (
    <section className="not-found">
      <LogoMark size={48} />
      <p className="not-found__code">404</p>
      <h1 className="not-found__title">Page not found</h1>
      <p className="not-found__text">We looked in every cupboard, but this page isn't here. It may have moved or never existed.</p>
      <Link to="/" className={buttonClass()}>
        {isAuthenticated ? "Back to dashboard" : "Back to home"}
      </Link>
    </section>
  );
  if (isAuthenticated) return body;
  return (
    <div className="public-page">
      <PublicHeader />
      <main id="main" className="public-page__main container">
        {body}
      </main>
      <PublicFooter />
    </div>
  );
}
