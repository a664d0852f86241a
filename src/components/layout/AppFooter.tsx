import { Link } from "@tanstack/react-router";
import { LogoMark } from "../Logo";

export const APP_VERSION_LABEL = "v1.0 Beta";
export const COMPANY_NAME = "Plantry LLC";

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
        <p className="app-footer__copy">© 2025 {COMPANY_NAME}. All rights reserved.</p>
      </div>
    </footer>
  );
}
