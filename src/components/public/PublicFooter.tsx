import { Link } from "@tanstack/react-router";
import { LogoMark } from "../Logo";
import { COMPANY_NAME } from "../layout/AppFooter";

/** The footer of signed-out pages: legal links, the current year and the company credit. */
export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="public-footer">
      <div className="container public-footer__inner">
        <div className="public-footer__brand">
          <LogoMark size={28} />
          <div>
            <p className="public-footer__name">Plantry</p>
            <p className="public-footer__tagline">Less waste, better meals.</p>
          </div>
        </div>
        <nav aria-label="Legal" className="public-footer__links">
          <Link to="/about">About</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/cookies">Cookie Policy</Link>
        </nav>
        <p className="public-footer__copy">
          © {year} {COMPANY_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
