import { Link, useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { Logo } from "../Logo";
import { CameraIcon, CloseIcon, FeedbackIcon, HelpIcon, LogoutIcon, MenuIcon, UserIcon } from "../icons";
import { Tooltip } from "../ui/Tooltip";
import { cn } from "../ui/cn";
import { ThemeToggle } from "./ThemeToggle";
import { UserAvatar } from "./UserAvatar";
import { NAV_ITEMS, isNavItemActive } from "./navigation";
import type { AuthUser } from "../../lib/auth";

type AppHeaderProps = {
  user: AuthUser;
  onOpenHelp: () => void;
  onOpenFeedback: () => void;
};

/** The signed-in header: logo, desktop navigation, actions, and the hamburger menu on small screens. */
export function AppHeader({ user, onOpenHelp, onOpenFeedback }: AppHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the menu (back/forward included, not only link clicks).
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="app-header">
      <div className="app-header__bar container">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button app-header__menu-button"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
        </button>

        <Link to="/" className="app-header__brand">
          <Logo beta />
          <span className="sr-only"> home</span>
        </Link>

        <nav className="app-header__nav" aria-label="Main">
          <ul role="list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={cn("nav-link", item.to === "/meal-plans" && isNavItemActive(item, pathname) && "is-active")}
                  activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
                >
                  <item.icon size={18} className="nav-link__icon" />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="app-header__actions">
          <Tooltip content="Scan a receipt" className="app-header__scan">
            <Link to="/receipts/scan" className="icon-button icon-button--accent" aria-label="Scan receipt">
              <CameraIcon size={20} />
            </Link>
          </Tooltip>
          <Tooltip content="Help" className="app-header__optional">
            <button type="button" className="icon-button" aria-label="Help" onClick={onOpenHelp}>
              <HelpIcon size={20} />
            </button>
          </Tooltip>
          <Tooltip content="Send feedback" className="app-header__optional">
            <button type="button" className="icon-button" aria-label="Feedback" onClick={onOpenFeedback}>
              <FeedbackIcon size={20} />
            </button>
          </Tooltip>
          <ThemeToggle anchorClassName="app-header__optional" />
          <Tooltip content="Your profile">
            <Link to="/profile" className="app-header__avatar" aria-label="Your profile">
              <UserAvatar user={user} />
            </Link>
          </Tooltip>
          <a href="/api/logout" className="app-header__logout">
            <LogoutIcon size={18} />
            <span className="app-header__logout-text">Logout</span>
          </a>
        </div>
      </div>

      <div id="mobile-menu" className={cn("mobile-menu", menuOpen && "is-open")} hidden={!menuOpen}>
        <nav aria-label="Menu" className="container">
          <ul role="list" className="mobile-menu__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={cn("mobile-menu__link", item.to === "/meal-plans" && isNavItemActive(item, pathname) && "is-active")}
                  activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
                  onClick={closeMenu}
                >
                  <item.icon size={20} />
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/receipts/scan" className="mobile-menu__link" onClick={closeMenu}>
                <CameraIcon size={20} />
                Scan Receipt
              </Link>
            </li>
            <li>
              <Link to="/profile" className="mobile-menu__link" onClick={closeMenu}>
                <UserIcon size={20} />
                Profile
              </Link>
            </li>
          </ul>
          <div className="mobile-menu__actions">
            <button
              type="button"
              className="mobile-menu__link"
              onClick={() => {
                closeMenu();
                onOpenHelp();
              }}
            >
              <HelpIcon size={20} />
              Help
            </button>
            <button
              type="button"
              className="mobile-menu__link"
              onClick={() => {
                closeMenu();
                onOpenFeedback();
              }}
            >
              <FeedbackIcon size={20} />
              Feedback
            </button>
            <ThemeToggle className="mobile-menu__link mobile-menu__theme" showLabel />
            <a href="/api/logout" className="mobile-menu__link mobile-menu__logout">
              <LogoutIcon size={20} />
              Logout
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
