import { AlertIcon, RefreshIcon } from "../components/icons";
import { Button, buttonClass } from "../components/ui/Button";
import { LogoMark } from "../components/Logo";

/**
 * The page for an uncaught error: on its own outside the router, or `inFrame` where a route failed inside the
 * app's layout (which already holds the page's <main>). Plain links either way: the router may be what failed.
 */
export function ApplicationError({ inFrame = false }: { inFrame?: boolean }) {
  const Root = inFrame ? "section" : "main";
  return (
    <Root className={inFrame ? "app-error app-error--in-frame" : "app-error"} id={inFrame ? undefined : "main"}>
      <div className="app-error__card" role="alert">
        <div className="app-error__brand">
          <LogoMark size={36} />
        </div>
        <div className="app-error__icon" aria-hidden="true">
          <AlertIcon size={28} />
        </div>
        <h1 className="app-error__title">Application Error</h1>
        <p className="app-error__message">An unexpected error occurred in the application. Please try refreshing the page.</p>
        <div className="app-error__actions">
          <Button onClick={() => window.location.reload()}>
            <RefreshIcon size={18} />
            Refresh page
          </Button>
          <a href="/" className={buttonClass({ variant: "outline" })}>
            Back to Home
          </a>
        </div>
      </div>
    </Root>
  );
}
