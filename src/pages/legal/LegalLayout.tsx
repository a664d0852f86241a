import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PublicHeader } from "../../components/public/PublicHeader";
import { PublicFooter } from "../../components/public/PublicFooter";
import { Button } from "../../components/ui/Button";
import { ArrowLeftIcon } from "../../components/icons";
import { useAuth } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";

type LegalLayoutProps = { title: string; lastUpdated: string; children: ReactNode };

/** Frame of Terms, Privacy and Cookies: Back (history, or / when there is none), title, date and sections. */
export function LegalLayout({ title, lastUpdated, children }: LegalLayoutProps) {
  const router = useRouter();
  const { isAuthenticated } = useAuth();
  usePageTitle(title);

  const goBack = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: "/" });
  };

  const article = (
    <article className="legal">
      <Button variant="ghost" size="sm" onClick={goBack} className="legal__back">
        <ArrowLeftIcon size={16} />
        Back
      </Button>
      <header className="legal__header">
        <h1 className="page-title">{title}</h1>
        <p className="legal__updated">Last updated: {lastUpdated}</p>
      </header>
      <div className="legal__body">{children}</div>
    </article>
  );

  if (isAuthenticated) return article;
  return (
    <div className="public-page">
      <PublicHeader />
      <main id="main" className="container public-page__main">
        {article}
      </main>
      <PublicFooter />
    </div>
  );
}

/** "January 5, 2025" style dates for the legal pages. */
export function formatLegalDate(date: Date): string {
  return date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}
