import { AlertIcon } from "./icons";
import { Button, buttonClass } from "./ui/Button";

type ErrorStateProps = {
  title?: string;
  message?: string;
  /** Hide the Try Again (reload) button. */
  hideRetry?: boolean;
  /** Hide the Back to Home button. */
  hideHome?: boolean;
  /** Heading level: h1 when it replaces a page (default), h2 inside a page. */
  headingLevel?: 1 | 2;
};

/** The generic error screen, used for route errors; either button can be hidden where it would lead nowhere. */
export function ErrorState({
  title = "Something went wrong",
  message = "We're having trouble loading this page. Please try again later.",
  hideRetry = false,
  hideHome = false,
  headingLevel = 1,
}: ErrorStateProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="error-state" role="alert">
      <div className="error-state__icon" aria-hidden="true">
        <AlertIcon size={32} />
      </div>
      <Heading className="error-state__title">{title}</Heading>
      <p className="error-state__message">{message}</p>
      {(!hideRetry || !hideHome) && (
        <div className="error-state__actions">
          {!hideRetry && <Button onClick={() => window.location.reload()}>Try Again</Button>}
          {/* A plain link: the router itself may be what failed. */}
          {!hideHome && (
            <a href="/" className={buttonClass({ variant: "outline" })}>
              Back to Home
            </a>
          )}
        </div>
      )}
    </section>
  );
}
