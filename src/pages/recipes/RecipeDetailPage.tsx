import { useState } from "react";
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { trpc } from "../../lib/trpc";
import { usePageTitle } from "../../lib/usePageTitle";
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Skeleton, buttonClass } from "../../components/ui";
import { ArrowLeftIcon, BookIcon, ClockIcon, LeafIcon } from "../../components/icons";
import { ErrorState } from "../../components/ErrorState";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import { SaveRecipeButton } from "../../components/recipes/SaveRecipeButton";
import { FeedbackButtons } from "../../components/recipes/FeedbackButtons";
import { ASSUMED_SERVINGS, IngredientsCard } from "../../components/recipes/IngredientsCard";
import { PantryLinksCard } from "../../components/recipes/PantryLinksCard";
import { CommentsCard } from "../../components/recipes/CommentsCard";
import { DeleteRecipeDialog } from "../../components/recipes/DeleteRecipeDialog";
import { TrashIcon, UsersIcon } from "../../components/recipes/recipeIcons";
import { dietLabel, difficultyLabel, difficultyVariant, formatMinutes, mealTypeLabel, sourceLabel, type RecipeDetailData } from "../../components/recipes/recipeFormat";
import { RecipePart } from "../../components/recipes/RecipePart";
import { stepSections } from "../../../worker/domain/recipeSections";
import "../../styles/recipes.css";

const route = getRouteApi("/recipes/$id");

/** A missing id, someone else's recipe and a malformed id all read as "not found". */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const code = (error.data as { code?: string } | undefined)?.code;
  return code === "NOT_FOUND" || code === "BAD_REQUEST";
}

/**
 * /recipes/{id}: title, description, times and servings, save and thumbs feedback, the ingredient
 * card with scaling and pantry availability, numbered instructions, pantry items used, comments with ratings, and
 * Delete Recipe / Back to Recipes. Library recipes are read-only.
 */
export function RecipeDetailPage() {
  const { id } = route.useParams();
  const recipeId = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const detail = trpc.recipes.get.useQuery({ id: recipeId ?? 0 }, { enabled: recipeId !== null, retry: (count, error) => !isNotFound(error) && count < 2 });
  usePageTitle(detail.data?.recipe.title ?? (recipeId === null || isNotFound(detail.error) ? "Recipe not found" : "Recipe"));

  if (recipeId === null || isNotFound(detail.error)) return <RecipeNotFound />;
  if (detail.error) return <ErrorState headingLevel={1} message="We couldn't load this recipe. Please try again." />;
  if (!detail.data) return <RecipeDetailSkeleton />;
  return <RecipeDetail detail={detail.data} />;
}

function BackLink() {
  return (
    <Link to="/recipes" className={buttonClass({ variant: "ghost", size: "sm", className: "recipe-back" })}>
      <ArrowLeftIcon size={16} />
      Back to Recipes
    </Link>
  );
}

function RecipeNotFound() {
  return (
    <div className="page recipe-detail">
      <section className="recipe-not-found">
        <div className="empty-state__icon" aria-hidden="true">
          <BookIcon size={26} />
        </div>
        <h1 className="page-title">Recipe not found</h1>
        <p className="muted">This recipe doesn't exist, was deleted, or belongs to someone else.</p>
        <Link to="/recipes" className={buttonClass()}>
          <ArrowLeftIcon size={16} />
          Back to Recipes
        </Link>
      </section>
    </div>
  );
}

function RecipeDetail({ detail }: { detail: RecipeDetailData }) {
  const { recipe } = detail;
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const total = formatMinutes(recipe.totalTime);
  const prep = formatMinutes(recipe.prepTime);
  const cook = formatMinutes(recipe.cookTime);
  const canDelete = recipe.isOwner && !recipe.isLibrary;

  const stats = [
    { label: "Total time", value: total ?? "—", icon: <ClockIcon size={18} /> },
    { label: "Prep time", value: prep ?? "—", icon: <LeafIcon size={18} /> },
    { label: "Cook time", value: cook ?? "—", icon: <span aria-hidden="true">🔥</span> },
    { label: "Servings", value: recipe.servings !== null ? String(recipe.servings) : `${ASSUMED_SERVINGS} (assumed)`, icon: <UsersIcon size={18} /> },
  ];

  return (
    <div className="page recipe-detail">
      <div className="recipe-detail__nav">
        <BackLink />
      </div>

      <header className="recipe-hero">
        <div className="recipe-hero__media" aria-hidden={recipe.imageUrl ? undefined : true}>
          {recipe.imageUrl ? (
            <img src={recipe.imageUrl} alt="" referrerPolicy="no-referrer" className="recipe-hero__image" />
          ) : (
            <span className="recipe-hero__emoji">{emojiFor(recipe.title)}</span>
          )}
        </div>
        <div className="recipe-hero__body">
          <div className="recipe-hero__badges">
            <Badge variant={recipe.isPremium ? "premium" : "success"}>{recipe.isPremium ? "PREMIUM" : "FREE"}</Badge>
            {recipe.difficulty && <Badge variant={difficultyVariant(recipe.difficulty)}>{difficultyLabel(recipe.difficulty)}</Badge>}
            {recipe.mealType && <Badge variant="outline">{mealTypeLabel(recipe.mealType)}</Badge>}
            {recipe.dietary.map((diet) => (
              <Badge key={diet} variant="info">
                {dietLabel(diet)}
              </Badge>
            ))}
          </div>
          <h1 className="recipe-hero__title">{recipe.title}</h1>
          {recipe.description && <p className="recipe-hero__description">{recipe.description}</p>}
          <p className="recipe-hero__source">
            {recipe.isLibrary ? (
              <>
                <BookIcon size={15} /> From the Plantry recipe library{recipe.source ? ` · ${recipe.source}` : ""}
              </>
            ) : recipe.sourceUrl ? (
              <>
                {sourceLabel(recipe)} ·{" "}
                <a href={recipe.sourceUrl} target="_blank" rel="noopener noreferrer nofollow">
                  View original
                </a>
              </>
            ) : (
              sourceLabel(recipe)
            )}
          </p>
          {recipe.adaptedFrom && (
            <p className="recipe-hero__adapted">
              Adapted from{" "}
              <Link to="/recipes/$id" params={{ id: String(recipe.adaptedFrom.id) }}>
                {recipe.adaptedFrom.title}
              </Link>{" "}
              in the Plantry recipe library
            </p>
          )}

          <dl className="recipe-stats">
            {stats.map((stat) => (
              <div key={stat.label} className="recipe-stat">
                <span className="recipe-stat__icon" aria-hidden="true">
                  {stat.icon}
                </span>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
          {recipe.difficultyBasis === "steps" && recipe.difficulty && (
            <p className="small muted">The recipe gives no times, so its difficulty is estimated from the number of steps.</p>
          )}

          <div className="recipe-hero__actions">
            <SaveRecipeButton recipeId={recipe.id} saved={detail.saved} recipeTitle={recipe.title} />
            <FeedbackButtons recipeId={recipe.id} feedback={detail.feedback} />
          </div>
        </div>
      </header>

      <div className="recipe-detail__layout">
        <div className="recipe-detail__side">
          <IngredientsCard key={recipe.id} detail={detail} />
          <PantryLinksCard detail={detail} />
        </div>
        <div className="recipe-detail__main">
          <Card className="instructions-card">
            <CardHeader>
              <CardTitle as="h2">Instructions</CardTitle>
            </CardHeader>
            <CardContent>
              {recipe.steps.length === 0 ? (
                <p className="muted">No instructions yet.</p>
              ) : (
                stepSections(recipe.steps).map((section, index) => (
                  <RecipePart key={index} id={`step-section-${recipe.id}-${index}`} title={section.heading} className="instruction-section">
                    {(labelledBy) => (
                      <ol role="list" className="instruction-list" start={section.start} aria-labelledby={labelledBy}>
                        {section.steps.map((step, i) => (
                          <li key={i} className="instruction">
                            <span className="instruction__number" aria-hidden="true">
                              {section.start + i}
                            </span>
                            <p className="instruction__text">{step}</p>
                          </li>
                        ))}
                      </ol>
                    )}
                  </RecipePart>
                ))
              )}
            </CardContent>
          </Card>
          <CommentsCard recipeId={recipe.id} />
        </div>
      </div>

      <footer className="recipe-detail__footer">
        <BackLink />
        {canDelete && (
          <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
            <TrashIcon size={16} />
            Delete Recipe
          </Button>
        )}
      </footer>

      <DeleteRecipeDialog recipe={confirmDelete ? { id: recipe.id, title: recipe.title } : null} onClose={() => setConfirmDelete(false)} onDeleted={() => void navigate({ to: "/recipes", replace: true })} />
    </div>
  );
}

function RecipeDetailSkeleton() {
  return (
    <div className="page recipe-detail" aria-busy="true">
      <span className="sr-only" role="status">
        Loading recipe…
      </span>
      <div className="recipe-hero" aria-hidden="true">
        <Skeleton className="recipe-hero__media" />
        <div className="recipe-hero__body stack">
          <Skeleton width="30%" height="1.25rem" />
          <Skeleton width="75%" height="2.25rem" />
          <Skeleton width="100%" height="1rem" />
          <Skeleton width="90%" height="1rem" />
          <div className="recipe-stats">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height="3.5rem" />
            ))}
          </div>
        </div>
      </div>
      <div className="recipe-detail__layout" aria-hidden="true">
        <div className="recipe-detail__side">
          <Skeleton height="20rem" />
        </div>
        <div className="recipe-detail__main">
          <Skeleton height="20rem" />
        </div>
      </div>
    </div>
  );
}
