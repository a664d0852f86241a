import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { buttonClass } from "./ui/Button";
import { SparklesIcon, ArrowLeftIcon } from "./icons";
import { usePageTitle } from "../lib/usePageTitle";

type ComingSoonProps = {
  /** The feature's name, shown as the page's h1. */
  feature: string;
  /** One sentence about what the feature will do. */
  description: string;
  icon?: ReactNode;
};

/** A friendly page for a screen that ships later in this release, with a way back to the dashboard. */
export function ComingSoon({ feature, description, icon }: ComingSoonProps) {
  usePageTitle(feature);
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <div className="coming-soon__icon" aria-hidden="true">
        {icon ?? <SparklesIcon size={32} />}
      </div>
      <p className="coming-soon__eyebrow">Coming in this release</p>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {feature}
      </h1>
      <p className="coming-soon__description">{description}</p>
      <Link to="/" className={buttonClass({ variant: "outline" })}>
        <ArrowLeftIcon size={18} />
        Back to dashboard
      </Link>
    </section>
  );
}
