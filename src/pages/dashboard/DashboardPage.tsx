import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useRef, type ReactNode } from "react";
import { greetingName, timeOfDayGreeting, useAuth } from "../../lib/auth";
import { isUnauthorized } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { PlanChooser } from "../../components/PlanChooser";
import { Badge } from "../../components/ui/Badge";
import { Button, buttonClass } from "../../components/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/Card";
import { Skeleton } from "../../components/ui/Skeleton";
import { AlertIcon, ArrowRightIcon, BookIcon, CalendarIcon, CameraIcon, ChefHatIcon, ClockIcon, FridgeIcon, ReceiptIcon, SparklesIcon } from "../../components/icons";
import { FoodSafetyNotice } from "../../components/pantry/FoodSafetyNotice";
import { SimpleGroceryCard } from "../../components/pantry/SimpleGroceryCard";
import { useDashboardQuery, usePantryCountFallback, type DashboardData } from "../../components/pantry/queries";
import { NotificationsCard } from "../../components/notifications/NotificationsCard";
import { SmartInsightsPanel } from "../../components/insights/SmartInsightsPanel";
import { EXPIRING_SOON_DAYS } from "../../../worker/domain/expiry";
import { QuickActionTile } from "./QuickActionTile";
import { DebugCard } from "./DebugCard";
import { dashboardSummary } from "./dashboardSummary";
import "../../styles/pantry.css";
import "../../styles/insights.css";

type MealPlan = DashboardData["todayMealPlans"][number];

// Below the fold, and it brings the time zone list and its controls: loaded after the first screen.
const ReminderSettings = lazy(() => import("../../components/notifications/ReminderSettings").then((m) => ({ default: m.ReminderSettings })));

function ReminderSettingsPlaceholder() {
  return (
    <Card aria-busy="true">
      <CardContent className="stack">
        <Skeleton height={20} width="70%" />
        <Skeleton height={40} />
      </CardContent>
    </Card>
  );
}

/** A loading placeholder that may sit inside text (Skeleton is a block element). */
function InlineSkeleton({ width, height }: { width: number | string; height: number }) {
  return <span className="skeleton skeleton--inline" style={{ width, height }} aria-hidden="true" />;
}

const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** The signed-in home: greeting, counts, quick actions, what expires soon, reminders, today's meals, insights. */
export function DashboardPage() {
  const { user, isPremium } = useAuth();
  usePageTitle("Dashboard");
  const dashboard = useDashboardQuery();
  const signedOutAnswer = dashboard.isError && isUnauthorized(dashboard.error);
  const pantryFallback = usePantryCountFallback(signedOutAnswer);
  const data = dashboard.data;
  const failed = dashboard.isError && !data && !signedOutAnswer;

  return (
    <div className="page dashboard">
      <header className="dashboard-hero">
        <div className="dashboard-hero__text">
          <p className="dashboard-hero__date">{new Date().toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric" })}</p>
          <h1 className="page-title">
            {timeOfDayGreeting()}, {greetingName(user)}
          </h1>
          <p className="dashboard-hero__summary" aria-live="polite">
            {data ? dashboardSummary(data) : failed ? "We couldn't load your kitchen summary." : <InlineSkeleton width="min(28rem, 80%)" height={18} />}
          </p>
        </div>
        <Link to="/pantry" search={{ action: "add" }} className={buttonClass({ className: "dashboard-hero__cta" })}>
          <span aria-hidden="true" className="btn__plus">
            +
          </span>
          Add Item
        </Link>
      </header>

      {failed && (
        <div className="alert alert--danger dashboard-error" role="alert">
          <AlertIcon size={18} />
          <div className="dashboard-error__text">
            <p>
              <strong>Something went wrong loading your dashboard.</strong> We tried a few times; check your connection.
            </p>
          </div>
          <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
            Retry
          </Button>
        </div>
      )}

      <section aria-label="At a glance" className="stat-grid">
        <CountTile label="Receipts" value={data?.counts.receipts} loading={dashboard.isPending} icon={<ReceiptIcon size={22} />} tone="orange" link="/receipts/scan" />
        <CountTile
          label="Pantry Items"
          value={data?.counts.pantryItems ?? pantryFallback.data}
          loading={dashboard.isPending || (signedOutAnswer && pantryFallback.isPending)}
          icon={<FridgeIcon size={22} />}
          tone="green"
          link="/pantry"
        />
        <CountTile label="Saved Recipes" value={data?.counts.savedRecipes} loading={dashboard.isPending} icon={<BookIcon size={22} />} tone="blue" link="/recipes" />
      </section>

      <section aria-labelledby="quick-actions-title" className="dashboard-section">
        <h2 id="quick-actions-title" className="dashboard-section__title">
          Quick Actions
        </h2>
        <div className="quick-grid">
          <QuickActionTile title="Scan Receipt" description="Add a whole shop at once" icon={<CameraIcon size={22} />} tone="orange" link={{ to: "/receipts/scan" }} />
          <QuickActionTile title="Add Item" description="Track something new" icon={<FridgeIcon size={22} />} tone="green" link={{ to: "/pantry", search: { action: "add" } }} />
          <QuickActionTile title="Generate Recipe" description="Cook from what you have" icon={<SparklesIcon size={22} />} tone="purple" link={{ to: "/recipes", search: { action: "generate" } }} />
          <QuickActionTile title="Ask AI Chef" description="Questions and swaps" icon={<ChefHatIcon size={22} />} tone="blue" link={{ to: "/cooking-companion" }} />
          <QuickActionTile title="Plan Meals" description="Your week at a glance" icon={<CalendarIcon size={22} />} tone="rose" link={{ to: "/meal-plans" }} />
        </div>
      </section>

      <div className="dashboard-grid">
        <div className="dashboard-grid__main">
          <ExpiringSoonCard data={data} loading={dashboard.isPending} failed={failed} />
          <TodaysMealsCard plans={data?.todayMealPlans} loading={dashboard.isPending} failed={failed} />
        </div>
        <div className="dashboard-grid__side">
          <NotificationsCard />
          <Suspense fallback={<ReminderSettingsPlaceholder />}>
            <ReminderSettings />
          </Suspense>
        </div>
      </div>

      <FoodSafetyNotice />

      <SmartInsightsPanel />

      <PlanChooser signedIn isPremium={isPremium} headingLevel={2} description="You're on the beta: every premium feature is free for now. Every plan starts with a 7-day free trial." />

      <DebugCard />
    </div>
  );
}

type CountTileProps = {
  label: string;
  value: number | undefined;
  loading: boolean;
  icon: ReactNode;
  tone: "green" | "orange" | "blue";
  link: "/receipts/scan" | "/pantry" | "/recipes";
};

function CountTile({ label, value, loading, icon, tone, link }: CountTileProps) {
  return (
    <Link to={link} className={`stat-tile stat-tile--${tone}`}>
      <span className="stat-tile__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="stat-tile__text">
        <span className="stat-tile__value">{loading ? <InlineSkeleton width={40} height={28} /> : (value ?? "–")}</span>
        <span className="stat-tile__label">{label}</span>
      </span>
    </Link>
  );
}

function ExpiringSoonCard({ data, loading, failed }: { data: DashboardData | undefined; loading: boolean; failed: boolean }) {
  const items = data?.expiringItems ?? [];
  const total = data?.expiringCount ?? items.length;
  // A card used up or deleted takes its focused menu with it: keep keyboard users in this list, at its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => headingRef.current?.focus();
  return (
    <Card className="expiring-card">
      <CardHeader className="card__header--row">
        <div>
          <CardTitle as="h2" ref={headingRef} tabIndex={-1}>
            <ClockIcon size={18} className="card-title-icon" />
            Expiring Soon
            {total > 0 && <span className="count-pill count-pill--danger">{total}</span>}
          </CardTitle>
          <CardDescription>
            Use these first: expired items and anything due within {EXPIRING_SOON_DAYS} days.
            {total > items.length && ` Showing the first ${items.length} of ${total}.`}
          </CardDescription>
        </div>
        <Link to="/pantry" search={{ filter: "expiring" }} className={buttonClass({ variant: "ghost", size: "sm" })}>
          View all
          <ArrowRightIcon size={16} />
        </Link>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="grocery-list" aria-hidden="true">
            <Skeleton height={62} />
            <Skeleton height={62} />
            <Skeleton height={62} />
          </div>
        ) : failed ? (
          <p className="muted small">Couldn't load expiring items.</p>
        ) : items.length === 0 ? (
          <div className="expiring-card__empty">
            <span aria-hidden="true" className="expiring-card__empty-icon">
              🎉
            </span>
            <div>
              <p className="expiring-card__empty-title">Nothing expires this week</p>
              <p className="muted small">Everything in your pantry is fresh. Items added without a date aren't listed here.</p>
            </div>
          </div>
        ) : (
          <ul role="list" className="grocery-list" aria-label="Expiring items">
            {items.map((item) => (
              <li key={item.id}>
                <SimpleGroceryCard item={item} onRemoved={focusHeading} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const MEAL_EMOJI: Record<string, string> = { breakfast: "🥣", lunch: "🥪", dinner: "🍽️", snack: "🍎", dessert: "🍰", appetizer: "🥗" };

function TodaysMealsCard({ plans, loading, failed }: { plans: MealPlan[] | undefined; loading: boolean; failed: boolean }) {
  // Already in meal order (breakfast, lunch, dinner, then the rest): the server sorts them.
  const sorted = plans ?? [];
  return (
    <Card className="meals-card">
      <CardHeader className="card__header--row">
        <div>
          <CardTitle as="h2">
            <CalendarIcon size={18} className="card-title-icon" />
            Today's Meal Plan
          </CardTitle>
          <CardDescription>Breakfast, lunch and dinner for today.</CardDescription>
        </div>
        <Link to="/meal-plans" className={buttonClass({ variant: "ghost", size: "sm" })}>
          Adjust Plan
          <ArrowRightIcon size={16} />
        </Link>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="stack" aria-hidden="true">
            <Skeleton height={48} />
            <Skeleton height={48} />
          </div>
        ) : failed ? (
          <p className="muted small">Couldn't load today's meals.</p>
        ) : sorted.length === 0 ? (
          <div className="meals-card__empty">
            <p>No meals planned for today.</p>
            <Link to="/meal-plans" className={buttonClass({ variant: "outline", size: "sm" })}>
              Plan your meals
            </Link>
          </div>
        ) : (
          <ul role="list" className="meal-list">
            {sorted.map((plan) => (
              <li key={plan.id} className="meal">
                <span className="meal__emoji" aria-hidden="true">
                  {MEAL_EMOJI[plan.mealType.toLowerCase()] ?? "🍴"}
                </span>
                <div>
                  <Badge variant="secondary">{capitalize(plan.mealType)}</Badge>
                  <p className="meal__name">{plan.name}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
