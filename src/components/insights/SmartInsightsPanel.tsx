import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { errorMessage } from "../../lib/api";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { Badge } from "../ui/Badge";
import { Button, buttonClass } from "../ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/Card";
import { Skeleton } from "../ui/Skeleton";
import { Spinner } from "../ui/Spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/Tabs";
import { dismissToast, toast } from "../ui/toast-store";
import { cn } from "../ui/cn";
import { CartIcon, CheckIcon, ChefHatIcon, LightbulbIcon, SparklesIcon, UserIcon } from "../icons";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import { COOKING_TIME_LABELS } from "../../../worker/domain/constants";
import type { ProfileField } from "../../pages/profile/profileLinks";
import "../../styles/insights.css";

type Recommendation = RouterOutputs["smart"]["recommendations"][number];
type Tip = RouterOutputs["smart"]["cookingTips"][number];
type ShoppingSuggestion = RouterOutputs["smart"]["shoppingSuggestions"][number];
type LearningData = RouterOutputs["smart"]["learningData"];

/** How long each smart answer stays fresh: recommendations move with the pantry, tips and habits change slowly. */
export const SMART_FRESHNESS_MS = {
  recommendations: 5 * 60_000,
  shopping: 10 * 60_000,
  tips: 60 * 60_000,
  learning: 15 * 60_000,
} as const;

/** How many of each the panel shows, so it stays a glance rather than a list. */
export const SMART_LIMITS = { recommendations: 3, tips: 4, favoriteIngredients: 5, cuisines: 3 } as const;

const TRACK_CONTEXT = "smart_insights";

/** Records what the user did in the panel; a failure is only logged, since tracking must never get in the way. */
function useTrackAction() {
  const track = trpc.smart.trackAction.useMutation({
    onError: (error) => console.warn("Could not record a smart insights action", error),
  });
  return (actionType: string, actionData: Record<string, unknown> = {}) => track.mutate({ actionType, actionData, context: TRACK_CONTEXT });
}

/**
 * The Smart insights panel: recommendations (default tab), shopping suggestions and the cooking profile, all from
 * the user's own data (allergies respected, dislikes ranked down, tips from FoodKeeper and the cook's level).
 */
export function SmartInsightsPanel({ className }: { className?: string }) {
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
            <CardTitle as="h2">Smart insights</CardTitle>
            <CardDescription>Recipes, shopping and tips from what's in your kitchen.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="smart-panel__body">
        <div className="smart-panel__content">
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

/** The list Add to List starts when the user has none of their own. */
export const NEW_SHOPPING_LIST_NAME = "Shopping List";

type AddedTo = { id: number; name: string };

/**
 * Add to List: the user's newest list that is not a template, or a new "Shopping List" when there is none. The
 * list is worked out once per panel and shared, so two quick adds never start two lists; it is worked out again
 * after a failure (the list may have been deleted meanwhile).
 */
function useAddToList() {
  const utils = trpc.useUtils();
  const createList = trpc.groceryLists.create.useMutation();
  const addItem = trpc.groceryLists.addItem.useMutation();
  const target = useRef<Promise<AddedTo> | null>(null);
  return async (suggestion: ShoppingSuggestion): Promise<AddedTo> => {
    target.current ??= (async () => {
      const lists = await utils.groceryLists.list.fetch();
      const own = lists.find((list) => !list.isTemplate);
      return own ?? (await createList.mutateAsync({ name: NEW_SHOPPING_LIST_NAME }));
    })();
    try {
      const list = await target.current;
      await addItem.mutateAsync({ listId: list.id, name: suggestion.name, category: suggestion.category });
      void utils.groceryLists.invalidate();
      return { id: list.id, name: list.name };
    } catch (error) {
      target.current = null;
      throw error;
    }
  };
}

function ShoppingTab() {
  const suggestions = trpc.smart.shoppingSuggestions.useQuery(undefined, { staleTime: SMART_FRESHNESS_MS.shopping });
  const addToList = useAddToList();
  if (suggestions.isPending) return <TabSkeleton />;
  if (suggestions.isError) return <TabError what="shopping suggestions" onRetry={() => void suggestions.refetch()} />;
  if (suggestions.data.length === 0) {
    return <p className="smart-empty">Nothing to restock yet. As you use things up, the ones you buy again and again show up here.</p>;
  }
  return (
    <ul role="list" className="shop-list">
      {suggestions.data.map((suggestion) => (
        <ShoppingItem key={suggestion.name} suggestion={suggestion} onAdd={addToList} />
      ))}
    </ul>
  );
}

/** A plain left click follows the link in the app; other clicks (new tab, new window) are the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function ShoppingItem({ suggestion, onAdd }: { suggestion: ShoppingSuggestion; onAdd: (suggestion: ShoppingSuggestion) => Promise<AddedTo> }) {
  const navigate = useNavigate();
  const errorId = useId();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<AddedTo | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A second click before the first answer must not add the item twice (state updates are not synchronous).
  const inFlight = useRef(false);
  const addedLink = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    // The button is replaced by the link: keep keyboard focus on this row.
    if (added) addedLink.current?.querySelector("a")?.focus();
  }, [added]);

  const add = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setAdding(true);
    setError(null);
    try {
      const list = await onAdd(suggestion);
      setAdded(list);
      const href = `/grocery-lists/${list.id}`;
      toast({
        title: "Item added to list",
        description: (
          <>
            {suggestion.name} is on {list.name}.{" "}
            <a
              href={href}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                dismissToast();
                void navigate({ to: "/grocery-lists/$id", params: { id: String(list.id) } });
              }}
            >
              View list
            </a>
          </>
        ),
      });
    } catch (err) {
      const message = errorMessage(err, `Couldn't add ${suggestion.name} to your grocery list. Please try again.`);
      setError(message);
      toast({ title: "Failed to add item", description: message, variant: "destructive" });
    } finally {
      inFlight.current = false;
      setAdding(false);
    }
  };

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
        {error && (
          <p id={errorId} className="shop__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {added ? (
        <span ref={addedLink} className="shop__added">
          <span className="shop__added-mark">
            <CheckIcon size={14} /> Added
          </span>
          <Link to="/grocery-lists/$id" params={{ id: String(added.id) }} className={buttonClass({ variant: "outline", size: "sm" })}
            aria-label={`View list: ${added.name}`}
          >
            View list
          </Link>
        </span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          // aria-disabled rather than disabled while adding, so keyboard focus stays on the button.
          aria-disabled={adding || undefined}
          aria-busy={adding || undefined}
          aria-describedby={error ? errorId : undefined}
          aria-label={adding ? `Adding ${suggestion.name}…` : `Add to List: ${suggestion.name}`}
          onClick={() => void add()}
        >
          {adding ? (
            <>
              <Spinner size="sm" /> Adding…
            </>
          ) : (
            "Add to List"
          )}
        </Button>
      )}
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

/** A link to the profile field that sets a preference (the profile focuses it). */
function SetOnProfile({ field, children }: { field: ProfileField; children: ReactNode }) {
  return (
    <Link to="/profile" search={{ tab: "food-preferences", field }}>
      {children}
    </Link>
  );
}

/** A preference the user has not stored: say so and lead to the field that sets it, never show a sample value. */
function NotSetYet({ what, field }: { what: string; field: ProfileField }) {
  return (
    <p className="muted small prefs__unset">
      Not set yet. <SetOnProfile field={field}>Add your {what} on your profile</SetOnProfile>
    </p>
  );
}

function ProfileDetails({ data }: { data: LearningData }) {
  const profile = data.cookingProfile;
  const rated = data.recipesLiked + data.recipesDisliked;
  const style = profile.cookingTimePreference ? COOKING_TIME_LABELS[profile.cookingTimePreference] : null;
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
          <Stat label="Cooking style" value={style ?? "Not set yet"} />
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
          <div className="prefs__row">
            <p className="prefs__label">Preferred cuisines</p>
            {profile.preferredCuisines.length ? (
              <ul role="list" className="tag-list">
                {profile.preferredCuisines.slice(0, SMART_LIMITS.cuisines).map((cuisine) => (
                  <li key={cuisine}>
                    <Badge variant="outline">{cuisine}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <NotSetYet what="favorite cuisines" field="cuisines" />
            )}
          </div>
          <div className="prefs__row">
            <p className="prefs__label">Difficulty level</p>
            {profile.difficultyIsDefault ? (
              // The assumed level, labelled so it never reads as the cook's own choice.
              <p>
                {profile.difficultyPreference} <span className="muted">(default)</span>
                <br />
                <span className="small prefs__unset">
                  <SetOnProfile field="difficulty">Choose your preferred difficulty on your profile</SetOnProfile>
                </span>
              </p>
            ) : (
              <p>{profile.difficultyPreference}</p>
            )}
          </div>
          <div className="prefs__row">
            <p className="prefs__label">Cooking style</p>
            {style ? <p>{style}</p> : <NotSetYet what="cooking style" field="cooking-time" />}
          </div>
        </div>
      </section>
    </div>
  );
}
