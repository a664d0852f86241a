import { Link } from "@tanstack/react-router";
import { greetingName, timeOfDayGreeting, useAuth } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { PlanChooser } from "../../components/PlanChooser";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/Card";
import { buttonClass } from "../../components/ui/Button";

/** Placeholder dashboard (the dashboard helper replaces it): greeting, quick links and the plan chooser. */
export function DashboardPage() {
  const { user, isPremium } = useAuth();
  usePageTitle("Dashboard");
  return (
    <div className="page">
      <header className="page-header">
        <h1 className="page-title">
          {timeOfDayGreeting()}, {greetingName(user)}
        </h1>
        <p className="page-subtitle">Here's what's happening in your kitchen today.</p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Quick Actions</CardTitle>
          <CardDescription>Jump straight into the things you do most.</CardDescription>
        </CardHeader>
        <CardContent className="cluster">
          <Link to="/receipts/scan" className={buttonClass()}>Scan Receipt</Link>
          <Link to="/pantry" search={{ action: "add" }} className={buttonClass({ variant: "outline" })}>Add Item</Link>
          <Link to="/recipes" search={{ action: "generate" }} className={buttonClass({ variant: "outline" })}>Generate Recipe</Link>
          <Link to="/cooking-companion" className={buttonClass({ variant: "outline" })}>Ask AI Chef</Link>
          <Link to="/meal-plans" className={buttonClass({ variant: "outline" })}>Plan Meals</Link>
        </CardContent>
      </Card>
      <PlanChooser signedIn isPremium={isPremium} />
    </div>
  );
}
