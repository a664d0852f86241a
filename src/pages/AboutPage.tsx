import { useState, type ComponentType } from "react";
import { PublicHeader } from "../components/public/PublicHeader";
import { PublicFooter } from "../components/public/PublicFooter";
import { Button } from "../components/ui/Button";
import { cn } from "../components/ui/cn";
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, GlobeIcon, SparklesIcon, StarIcon, TrendingDownIcon, type IconProps } from "../components/icons";
import { SIGN_IN_URLS, useAuth } from "../lib/auth";
import { usePageTitle } from "../lib/usePageTitle";

const goToSignIn = () => window.location.assign(SIGN_IN_URLS.platform);

type Slide = { title: string; icon: ComponentType<IconProps>; tone: string; body: string; points?: readonly string[]; cta?: boolean };

/** The five slides of spec part 2, About. */
export const ABOUT_SLIDES: readonly Slide[] = [
  {
    title: "The Problem",
    icon: TrendingDownIcon,
    tone: "danger",
    body: "The average household wastes $1,500/year on groceries that go bad before anyone eats them.",
    points: ["Food bought with good intentions", "Forgotten at the back of the fridge", "Thrown away a week later"],
  },
  {
    title: "The Chaos",
    icon: AlertIcon,
    tone: "warning",
    body: "Busy weeks make it hard to keep track of what's in the kitchen.",
    points: ["Forgotten food hiding behind the milk", "Shopping without a plan (and buying doubles)", "Dinner dread at 6 pm every evening"],
  },
  {
    title: "Our Solution",
    icon: SparklesIcon,
    tone: "success",
    body: "Plantry keeps your kitchen in view and tells you what to cook next.",
    points: ["Tracks your ingredients and their expiry dates", "Suggests recipes from what you already have", "AI-powered planning, scanning and cooking help"],
  },
  {
    title: "Join the Beta",
    icon: StarIcon,
    tone: "premium",
    body: "Get free full access to every feature during the beta. Spots are limited.",
    points: ["Every premium feature, free", "Shape the product with your feedback", "Special pricing at launch"],
    cta: true,
  },
  {
    title: "Impact",
    icon: GlobeIcon,
    tone: "info",
    body: "Wasted food means wasted water, energy and emissions. Every meal you rescue is a small step in fighting climate change.",
    points: ["Less food in landfill", "Lower grocery bills", "A smaller footprint for every household"],
  },
];

/** The about story: a five-slide carousel with wrap-around, dots and a call to action. */
export function AboutPage() {
  const { isAuthenticated } = useAuth();
  const [index, setIndex] = useState(0);
  const count = ABOUT_SLIDES.length;
  const slide = ABOUT_SLIDES[index]!;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  usePageTitle("About");

  const content = (
    <div className="about">
      <section className="about__intro">
        <h1 className="page-title">Why we built Plantry</h1>
        <p className="page-subtitle">Five slides on food waste, and what we're doing about it.</p>
      </section>

      <section className="carousel" aria-roledescription="carousel" aria-label="Our story">
        <div
          className={cn("carousel__slide", `carousel__slide--${slide.tone}`)}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}: ${slide.title}`}
          aria-live="polite"
        >
          <span className="carousel__icon" aria-hidden="true">
            <slide.icon size={32} />
          </span>
          <h2 className="carousel__title">{slide.title}</h2>
          <p className="carousel__body">{slide.body}</p>
          {slide.points && (
            <ul className="carousel__points" role="list">
              {slide.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          )}
          {slide.cta && (
            <Button size="lg" onClick={goToSignIn}>
              Join Beta Now
            </Button>
          )}
        </div>

        <div className="carousel__controls">
          <Button variant="outline" size="icon" aria-label="Previous slide" onClick={() => go(index - 1)}>
            <ChevronLeftIcon />
          </Button>
          <div className="carousel__dots">
            {ABOUT_SLIDES.map((s, i) => (
              <button
                key={s.title}
                type="button"
                className={cn("carousel__dot", i === index && "is-active")}
                aria-label={`Go to slide ${i + 1}: ${s.title}`}
                aria-current={i === index ? "step" : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <Button variant="outline" size="icon" aria-label="Next slide" onClick={() => go(index + 1)}>
            <ChevronRightIcon />
          </Button>
        </div>
        <p className="carousel__counter">
          {index + 1} of {count}
        </p>
      </section>

      <section className="cta-block" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title" className="cta-block__title">
          Start Your Free Beta Trial
        </h2>
        <p className="cta-block__text">Join thousands of beta users who are already wasting less and cooking more.</p>
        <Button size="lg" variant="secondary" onClick={goToSignIn}>
          {isAuthenticated ? "Open Plantry" : "Start Free Beta"}
        </Button>
      </section>
    </div>
  );

  if (isAuthenticated) return content;
  return (
    <div className="public-page">
      <PublicHeader>
        <Button onClick={goToSignIn}>Try Beta</Button>
      </PublicHeader>
      <main id="main" className="container public-page__main">
        {content}
      </main>
      <PublicFooter />
    </div>
  );
}
