import { Link } from "@tanstack/react-router";
import { LogoMark } from "../Logo";
import { APP_VERSION_LABEL, copyrightLine } from "../../lib/brand";

/** The signed-in footer: version label, legal links, copyright. */
export function AppFooter() {
  return (
    <footer className="app-footer">
      <div className="container app-footer__inner">
        <div className="app-footer__brand">
          <LogoMark size={24} />
          <span>
            Plantry <span className="app-footer__version">{APP_VERSION_LABEL}</span>
          </span>
        </div>
        <nav aria-label="Legal" className="app-footer__links">
          <Link to="/about">About</Link>
          <Link to="/terms">Terms</Link>
          <Link to="/privacy">Privacy</Link>
          <Link to="/cookies">Cookies</Link>
        </nav>
        <p className="app-footer__copy">{copyrightLine()}</p>
      </div>
    </footer>
  );
}
