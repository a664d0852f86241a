import { Link } from "@tanstack/react-router";
import { LogoMark } from "../Logo";
import { copyrightLine } from "../../lib/brand";

/** The footer of signed-out pages: legal links, the copyright year and the company credit. */
export function PublicFooter() {
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
        <p className="public-footer__copy">{copyrightLine()}</p>
      </div>
    </footer>
  );
}
