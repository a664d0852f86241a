import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "../Logo";
import { ThemeToggle } from "../layout/ThemeToggle";

/** The slim header of signed-out pages: the logo (home link), the theme switch and page-specific actions. */
export function PublicHeader({ children, beta = true }: { children?: ReactNode; beta?: boolean }) {
  return (
    <header className="public-header">
      <div className="container public-header__bar">
        <Link to="/" className="public-header__brand">
          <Logo beta={beta} />
          <span className="sr-only"> home</span>
        </Link>
        <div className="public-header__actions">
          <ThemeToggle />
          {children}
        </div>
      </div>
    </header>
  );
}
