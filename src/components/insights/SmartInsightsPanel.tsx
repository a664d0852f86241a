import { Link } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { Badge } from "../ui/Badge";
import { Button, buttonClass } from "../ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/Card";
import { Skeleton } from "../ui/Skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/Tabs";
import { Tooltip } from "../ui/Tooltip";
import { cn } from "../ui/cn";
import { CartIcon, ChefHatIcon, LightbulbIcon, SparklesIcon, UserIcon } from "../icons";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import "../../styles/insights.css";

type Recommendation = RouterOutputs["smart"]["recommendations"][number];
type Tip = RouterOutputs["smart"]["cookingTips"][number];
type ShoppingSuggestion = RouterOutputs["smart"]["shoppingSuggestions"][number];
type LearningData = RouterOutputs["smart"]["learningData"];

/** Spec part 1 §7/§9: how long each smart answer stays fresh. */
export const SMART_FRESHNESS_MS = {
  recommendations: 5 * 60_000,
  shopping: 10 * 60_000,
  tips: 60 * 60_000,
  learning: 15 * 60_000,
} as const;

/** Spec part 1 §9: items shown. */
export const SMART_LIMITS = { recommendations: 3, tips: 4, favoriteIngredients: 5, cuisines: 3 } as const;

const TRACK_CONTEXT = "smart_insights";

/** Records what the user did in the panel; a failure is only logged (spec part 1 §7). */
function useTrackAction() {
  const track = trpc.smart.trackAction.useMutation({
    onError: (error) => console.warn("Could not record a smart insights action", error),
  });
  return (actionType: string, actionData: Record<string, unknown> = {}) => track.mutate({ actionType, actionData, context: TRACK_CONTEXT });
}

/**
 * The Smart insights panel: recommendations (default tab), shopping suggestions and the cooking profile, all from
 * the user's own data, under a Coming Soon notice that can be set aside to preview them.
 */
export function SmartInsightsPanel({ className }: { className?: string }) {
  const [previewing, setPreviewing] = useState(false);
  const [tab, setTab] = useState("recommendations");
  const track = useTrackAction();

  return (
    <Card className={cn("smart-panel", className)}>
      <CardHeader className="smart-panel__header">
        <div className="smart-panel__heading">
          <span className="smart-panel__icon" aria-hidden="true">
            <SparklesIcon size={20} />
          </span>
          <div>
            <CardTitle as="h2">
              Smart insights <Badge variant="premium">Coming Soon</Badge>
            </CardTitle>
            <CardDescription>Recipes, shopping and tips from what's in your kitchen.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="smart-panel__body">
        <div className={cn("smart-panel__content", !previewing && "is-veiled")} inert={!previewing || undefined}>
          <Tabs
            value={tab}
            onValueChange={(next) => {
              setTab(next);
              track("tab_view", { tab: next });
            }}
          >
            <TabsList aria-label="Smart insights">
              <TabsTrigger value="recommendations">
                <ChefHatIcon size={16} /> Recommendations
              </TabsTrigger>
              <TabsTrigger value="shopping">
                <CartIcon size={16} /> Shopping
              </TabsTrigger>
              <TabsTrigger value="profile">
                <UserIcon size={16} /> Your Profile
              </TabsTrigger>
            </TabsList>
            <TabsContent value="recommendations">
              <RecommendationsTab onTry={(recipe) => track("recommendation_click", { recipeId: recipe.id, confidenceScore: recipe.confidenceScore })} />
            </TabsContent>
            <TabsContent value="shopping">
              <ShoppingTab />
            </TabsContent>
            <TabsContent value="profile">
              <ProfileTab />
            </TabsContent>
          </Tabs>
        </div>
        {!previewing && (
          <div className="coming-soon-veil" role="note" aria-labelledby="smart-veil-title">
            <div className="coming-soon-veil__card">
              <Badge variant="premium">Coming Soon</Badge>
              <h3 id="smart-veil-title" className="coming-soon-veil__title">
                Smart insights are almost ready
              </h3>
              <p className="coming-soon-veil__text">We're still tuning them. Take an early look at what they already find in your pantry.</p>
              <Button
                size="sm"
                onClick={() => {
                  setPreviewing(true);
                  track("preview_opened");
                }}
              >
                Preview with my data
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TabSkeleton() {
  return (
    <div className="stack" aria-hidden="true">
      <Skeleton height={72} />
      <Skeleton height={72} />
    </div>
  );
}

function TabError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="smart-empty">
      <p>Couldn't load {what}.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function RecommendationsTab({ onTry }: { onTry: (recipe: Recommendation) => void }) {
  const recommendations = trpc.smart.recommendations.useQuery(undefined, { staleTime: SMART_FRESHNESS_MS.recommendations });
  const tips = trpc.smart.cookingTips.useQuery(undefined, { staleTime: SMART_FRESHNESS_MS.tips });
  return (
    <div className="smart-tab">
      <section aria-labelledby="smart-recs-title">
        <h3 id="smart-recs-title" className="smart-tab__title">
          Cook from your pantry
        </h3>
        {recommendations.isPending ? (
          <TabSkeleton />
        ) : recommendations.isError ? (
          <TabError what="recommendations" onRetry={() => void recommendations.refetch()} />
        ) : recommendations.data.length === 0 ? (
          <p className="smart-empty">Add a few items to your pantry and we'll suggest recipes that use them, soonest-expiring first.</p>
        ) : (
          <ul role="list" className="rec-list">
            {recommendations.data.slice(0, SMART_LIMITS.recommendations).map((recipe) => (
              <RecommendationItem key={recipe.id} recipe={recipe} onTry={() => onTry(recipe)} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="smart-tips-title">
        <h3 id="smart-tips-title" className="smart-tab__title">
          <LightbulbIcon size={16} /> Cooking tips
        </h3>
        {tips.isPending ? (
          <TabSkeleton />
        ) : tips.isError ? (
          <TabError what="tips" onRetry={() => void tips.refetch()} />
        ) : (
          <ul role="list" className="tip-list">
            {tips.data.slice(0, SMART_LIMITS.tips).map((tip) => (
              <TipItem key={tip.id} tip={tip} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function RecommendationItem({ recipe, onTry }: { recipe: Recommendation; onTry: () => void }) {
  const match = Math.round(Math.min(1, Math.max(0, recipe.confidenceScore)) * 100);
  return (
    <li className="rec">
      <div className="rec__head">
        <h4 className="rec__title">{recipe.title}</h4>
        <span className="rec__match" aria-label={`${match}% match`}>
          <span className="rec__match-bar" aria-hidden="true">
            <span style={{ width: `${match}%` }} />
          </span>
          {match}% match
        </span>
      </div>
      {recipe.recommendationData.tags.length > 0 && (
        <ul role="list" className="tag-list" aria-label="Tags">
          {recipe.recommendationData.tags.slice(0, 4).map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="rec__reason">{recipe.reasoning}</p>
      <Link to="/recipes/$id" params={{ id: String(recipe.id) }} className={buttonClass({ size: "sm" })} onClick={onTry}>
        Try Recipe
      </Link>
    </li>
  );
}

function TipItem({ tip }: { tip: Tip }) {
  return (
    <li className="tip">
      <p className="tip__title">{tip.title}</p>
      <p className="tip__text">{tip.tip}</p>
      <Badge variant="secondary" className="tip__category">
        {tip.category}
      </Badge>
    </li>
  );
}

const PRIORITY_VARIANT = { high: "danger", medium: "warning", low: "secondary" } as const;

function ShoppingTab() {
  const suggestions = trpc.smart.shoppingSuggestions.useQuery(undefined, { staleTime: SMART_FRESHNESS_MS.shopping });
  if (suggestions.isPending) return <TabSkeleton />;
  if (suggestions.isError) return <TabError what="shopping suggestions" onRetry={() => void suggestions.refetch()} />;
  if (suggestions.data.length === 0) {
    return <p className="smart-empty">Nothing to restock yet. As you use things up, the ones you buy again and again show up here.</p>;
  }
  return (
    <ul role="list" className="shop-list">
      {suggestions.data.map((suggestion) => (
        <ShoppingItem key={suggestion.name} suggestion={suggestion} />
      ))}
    </ul>
  );
}

function ShoppingItem({ suggestion }: { suggestion: ShoppingSuggestion }) {
  return (
    <li className="shop">
      <span className="shop__emoji" aria-hidden="true">
        {emojiFor(suggestion.name, suggestion.category)}
      </span>
      <div className="shop__text">
        <p className="shop__name">
          {suggestion.name} <Badge variant={PRIORITY_VARIANT[suggestion.priority]}>{suggestion.priority} priority</Badge>
        </p>
        <p className="shop__reason">{suggestion.reason}</p>
      </div>
      {/* Grocery lists are not built yet: the button stays focusable so its tooltip can explain why. */}
      <Tooltip content="Grocery lists are coming soon">
        <button type="button" className={buttonClass({ variant: "outline", size: "sm", className: "is-disabled" })} aria-disabled="true" onClick={(e) => e.preventDefault()}>
          Add to List
        </button>
      </Tooltip>
    </li>
  );
}

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="profile-stat">
      <dt className="profile-stat__label">{label}</dt>
      <dd className="profile-stat__value">{value}</dd>
      {hint && <dd className="profile-stat__hint">{hint}</dd>}
    </div>
  );
}

function ProfileTab() {
  const learning = trpc.smart.learningData.useQuery(undefined, { staleTime: SMART_FRESHNESS_MS.learning });
  if (learning.isPending) return <TabSkeleton />;
  if (learning.isError) return <TabError what="your cooking profile" onRetry={() => void learning.refetch()} />;
  return <ProfileDetails data={learning.data} />;
}

/** A preference the user has not stored: say so and lead to the profile, never show a sample value. */
function NotSetYet({ what }: { what: string }) {
  return (
    <p className="muted small prefs__unset">
      Not set yet.{" "}
      <Link to="/profile">
        Add your {what} on your profile
      </Link>
    </p>
  );
}

function ProfileDetails({ data }: { data: LearningData }) {
  const profile = data.cookingProfile;
  const rated = data.recipesLiked + data.recipesDisliked;
  const style = profile.cookingTimePreference ?? "Not set yet";
  return (
    <div className="smart-tab smart-tab--profile">
      <section aria-labelledby="smart-stats-title">
        <h3 id="smart-stats-title" className="smart-tab__title">
          Cooking Stats
        </h3>
        <dl className="profile-stats">
          <Stat label="Skill level" value={data.skillLevel} hint="Beginner under 5 recipes, Intermediate under 20" />
          <Stat label="Recipes cooked" value={data.recipesCooked} />
          <Stat label="Success rate" value={`${data.learningScore}%`} hint={rated ? `${data.recipesLiked} of ${rated} recipes liked` : "Rate recipes to see it"} />
          <Stat label="Cooking style" value={style} />
        </dl>
      </section>
      <section aria-labelledby="smart-prefs-title">
        <h3 id="smart-prefs-title" className="smart-tab__title">
          Your Preferences
        </h3>
        <div className="prefs">
          <div className="prefs__row">
            <p className="prefs__label">Favorite ingredients</p>
            {profile.favoriteIngredients.length ? (
              <ul role="list" className="tag-list">
                {profile.favoriteIngredients.slice(0, SMART_LIMITS.favoriteIngredients).map((name) => (
                  <li key={name}>
                    <Badge variant="success">
                      <span aria-hidden="true">{emojiFor(name)}</span> {name}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted small">Use items from your pantry and your favorites appear here.</p>
            )}
          </div>
          <div className="prefs__row prefs__row--soon">
            <p className="prefs__label">Preferred cuisines</p>
            {profile.preferredCuisines.length ? (
              <div className="soon-overlay">
                <ul role="list" className="tag-list" aria-hidden="true">
                  {profile.preferredCuisines.slice(0, SMART_LIMITS.cuisines).map((cuisine) => (
                    <li key={cuisine}>
                      <Badge variant="outline">{cuisine}</Badge>
                    </li>
                  ))}
                </ul>
                <span className="soon-overlay__label">Coming Soon</span>
              </div>
            ) : (
              <NotSetYet what="favorite cuisines" />
            )}
          </div>
          <div className="prefs__row">
            <p className="prefs__label">Difficulty level</p>
            {profile.difficultyPreference ? <p>{profile.difficultyPreference}</p> : <NotSetYet what="preferred difficulty" />}
          </div>
          <div className="prefs__row">
            <p className="prefs__label">Cooking style</p>
            {profile.cookingTimePreference ? <p>{profile.cookingTimePreference}</p> : <NotSetYet what="cooking style" />}
          </div>
        </div>
      </section>
    </div>
  );
}
