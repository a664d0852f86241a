import { Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from "@tanstack/react-router";
import type { AuthMode, AuthState } from "./lib/auth";
import { useAuth } from "./lib/auth";
import { AppShell } from "./components/layout/AppShell";
import { ErrorState } from "./components/ErrorState";
import { isLogOnlyError } from "./lib/appErrors";
import { ApplicationError } from "./pages/ApplicationError";
import { FullScreenLoading } from "./components/FullScreenLoading";
import { lazy, Suspense } from "react";
import { LandingPage } from "./pages/LandingPage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { profileFieldFrom, profileTabFrom, type ProfileField, type ProfileTab } from "./pages/profile/profileLinks";

/**
 * The landing page is the only screen in the first load: the dashboard (signed-in home), the sign-in form (it
 * brings the schema library) and the text pages load when first shown.
 */
const DashboardPage = lazy(() => import("./pages/dashboard/DashboardPage").then((m) => ({ default: m.DashboardPage })));
const AuthPage = lazyRouteComponent(() => import("./pages/AuthPage"), "AuthPage");
const AboutPage = lazyRouteComponent(() => import("./pages/AboutPage"), "AboutPage");
const TermsPage = lazyRouteComponent(() => import("./pages/legal/TermsPage"), "TermsPage");
const PrivacyPage = lazyRouteComponent(() => import("./pages/legal/PrivacyPage"), "PrivacyPage");
const CookiesPage = lazyRouteComponent(() => import("./pages/legal/CookiesPage"), "CookiesPage");
const UpgradePage = lazyRouteComponent(() => import("./pages/UpgradePage"), "UpgradePage");

/** Signed-in screens load on first visit, so visitors of the landing page do not download them. */
const PantryPage = lazyRouteComponent(() => import("./pages/pantry/PantryPage"), "PantryPage");
const InsightsPage = lazyRouteComponent(() => import("./pages/insights/InsightsPage"), "InsightsPage");
const RecipesPage = lazyRouteComponent(() => import("./pages/recipes/RecipesPage"), "RecipesPage");
const RecipeDetailPage = lazyRouteComponent(() => import("./pages/recipes/RecipeDetailPage"), "RecipeDetailPage");
const ScanReceiptPage = lazyRouteComponent(() => import("./pages/receipts/ScanReceiptPage"), "ScanReceiptPage");
const ReceiptPage = lazyRouteComponent(() => import("./pages/receipts/ReceiptPage"), "ReceiptPage");
const MealPlansPage = lazyRouteComponent(() => import("./pages/mealPlans/MealPlansPage"), "MealPlansPage");
const CookingCompanionPage = lazyRouteComponent(() => import("./pages/cookingCompanion/CookingCompanionPage"), "CookingCompanionPage");
const GroceryListsPage = lazyRouteComponent(() => import("./pages/groceryLists/GroceryListsPage"), "GroceryListsPage");
const ProfilePage = lazyRouteComponent(() => import("./pages/profile/ProfilePage"), "ProfilePage");
const FeedbackTestPage = lazyRouteComponent(() => import("./pages/feedback/FeedbackTestPage"), "FeedbackTestPage");
const UserResearchPage = lazyRouteComponent(() => import("./pages/feedback/UserResearchPage"), "UserResearchPage");

/** What every route can read in beforeLoad: who is signed in (provided by <RouterProvider context>). */
export type RouterContext = { auth: AuthState };

/** Signed-in routes send signed-out visitors to the sign-in screen. */
function requireSignedIn({ context }: { context: RouterContext }) {
  if (!context.auth.isAuthenticated) throw redirect({ to: "/login", replace: true });
}

const optionalString = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** Signed-in pages get the app frame; public pages (landing, sign-in, legal) bring their own. */
function RootLayout() {
  const auth = useAuth();
  if (auth.isLoading) return <FullScreenLoading />;
  if (auth.user) {
    return (
      <AppShell user={auth.user}>
        <Outlet />
      </AppShell>
    );
  }
  return <Outlet />;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function HomePage() {
  const auth = useAuth();
  if (!auth.isAuthenticated) return <LandingPage />;
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <DashboardPage />
    </Suspense>
  );
}

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: HomePage });

/** ?mode=register opens create-account (every Join / Try / Start button links there); ?error= explains a failed provider sign-in. */
export type LoginSearch = { error?: string; mode?: AuthMode };
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    error: optionalString(search.error),
    mode: search.mode === "register" ? "register" : undefined,
  }),
  beforeLoad: ({ context }) => {
    if (context.auth.isAuthenticated) throw redirect({ to: "/", replace: true });
  },
  component: AuthPage,
});

const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: "/about", component: AboutPage });
const termsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/terms", component: TermsPage });
const privacyRoute = createRoute({ getParentRoute: () => rootRoute, path: "/privacy", component: PrivacyPage });
const cookiesRoute = createRoute({ getParentRoute: () => rootRoute, path: "/cookies", component: CookiesPage });
/** Where /api/subscription/create-checkout sends the browser: payments are not live in the beta. */
const upgradeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/upgrade", component: UpgradePage });

/** /pantry?action=add opens Add Item; /pantry?filter=expiring shows expiring items. */
export type PantrySearch = { action?: string; filter?: string };
const pantryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/pantry",
  validateSearch: (search: Record<string, unknown>): PantrySearch => ({ action: optionalString(search.action), filter: optionalString(search.filter) }),
  beforeLoad: requireSignedIn,
  component: PantryPage,
});

/** /recipes?action=generate opens the generate dialog. */
export type RecipesSearch = { action?: string };
const recipesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/recipes",
  validateSearch: (search: Record<string, unknown>): RecipesSearch => ({ action: optionalString(search.action) }),
  beforeLoad: requireSignedIn,
  component: RecipesPage,
});

const recipeDetailRoute = createRoute({ getParentRoute: () => rootRoute, path: "/recipes/$id", beforeLoad: requireSignedIn, component: RecipeDetailPage });
const mealPlansRoute = createRoute({ getParentRoute: () => rootRoute, path: "/meal-plans", beforeLoad: requireSignedIn, component: MealPlansPage });
const mealPlansAliasRoute = createRoute({ getParentRoute: () => rootRoute, path: "/mealplans", beforeLoad: requireSignedIn, component: MealPlansPage });
const cookingCompanionRoute = createRoute({ getParentRoute: () => rootRoute, path: "/cooking-companion", beforeLoad: requireSignedIn, component: CookingCompanionPage });
const groceryListsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/grocery-lists", beforeLoad: requireSignedIn, component: GroceryListsPage });
const groceryListRoute = createRoute({ getParentRoute: () => rootRoute, path: "/grocery-lists/$id", beforeLoad: requireSignedIn, component: GroceryListsPage });
const scanReceiptRoute = createRoute({ getParentRoute: () => rootRoute, path: "/receipts/scan", beforeLoad: requireSignedIn, component: ScanReceiptPage });
const receiptRoute = createRoute({ getParentRoute: () => rootRoute, path: "/receipts/$id", beforeLoad: requireSignedIn, component: ReceiptPage });
/**
 * /profile?linked=google after connecting a provider, ?error=google_in_use when another account has it;
 * ?tab=food-preferences&field=difficulty opens a tab with one of its fields focused.
 */
export type ProfileSearch = { linked?: string; error?: string; tab?: ProfileTab; field?: ProfileField };
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/profile",
  validateSearch: (search: Record<string, unknown>): ProfileSearch => ({
    linked: optionalString(search.linked),
    error: optionalString(search.error),
    tab: profileTabFrom(search.tab),
    field: profileFieldFrom(search.field),
  }),
  beforeLoad: requireSignedIn,
  component: ProfilePage,
});
const insightsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/insights", beforeLoad: requireSignedIn, component: InsightsPage });
const feedbackTestRoute = createRoute({ getParentRoute: () => rootRoute, path: "/feedback-test", beforeLoad: requireSignedIn, component: FeedbackTestPage });
const userResearchRoute = createRoute({ getParentRoute: () => rootRoute, path: "/user-research", beforeLoad: requireSignedIn, component: UserResearchPage });

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  aboutRoute,
  termsRoute,
  privacyRoute,
  cookiesRoute,
  upgradeRoute,
  pantryRoute,
  recipesRoute,
  recipeDetailRoute,
  mealPlansRoute,
  mealPlansAliasRoute,
  cookingCompanionRoute,
  groceryListsRoute,
  groceryListRoute,
  scanReceiptRoute,
  receiptRoute,
  profileRoute,
  insightsRoute,
  feedbackTestRoute,
  userResearchRoute,
]);

export const router = createRouter({
  routeTree,
  // Filled in by <RouterProvider context={{ auth }}> in App.
  context: { auth: undefined! },
  defaultPreload: "intent",
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
  defaultNotFoundComponent: NotFoundPage,
});

/**
 * A route that threw while loading or rendering is an uncaught error: the Application Error page. A failed fetch
 * (a screen's code not loading while offline) or a signed-out moment is not the app failing: the gentler
 * "trouble loading" screen, whose Try Again reloads.
 */
function RouteError({ error }: { error: unknown }) {
  console.error("Route failed", error);
  return isLogOnlyError(error) ? <ErrorState /> : <ApplicationError inFrame />;
}

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
