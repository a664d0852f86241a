import { Link } from "@tanstack/react-router";
import { Badge, Button, Skeleton } from "../ui";
import { ClockIcon } from "../icons";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import { SaveRecipeButton } from "./SaveRecipeButton";
import { TrashIcon } from "./recipeIcons";
import { dietLabel, difficultyLabel, difficultyVariant, formatMinutes, mealTypeLabel, sourceLabel, type RecipeCardData } from "./recipeFormat";
import "../../styles/recipes.css";

const MAX_DIET_BADGES = 3;

type RecipeCardProps = {
  recipe: RecipeCardData;
  /** Asks to delete (own recipes only; the page confirms). */
  onDelete?: (recipe: RecipeCardData) => void;
};

/**
 * One recipe in the grid: title linking to /recipes/{id}, clamped description, times, difficulty,
 * diet badges, FREE or PREMIUM, saved toggle, pantry coverage, and Delete for the user's own recipes.
 */
export function RecipeCard({ recipe, onDelete }: RecipeCardProps) {
  const total = formatMinutes(recipe.totalTime);
  const prep = formatMinutes(recipe.prepTime);
  const cook = formatMinutes(recipe.cookTime);
  const diets = recipe.dietary.slice(0, MAX_DIET_BADGES);
  const moreDiets = recipe.dietary.length - diets.length;
  const titleId = `recipe-card-${recipe.id}-title`;
  return (
    <article className="recipe-card" aria-labelledby={titleId}>
      <div className="recipe-card__media" aria-hidden={recipe.imageUrl ? undefined : true}>
        {recipe.imageUrl ? (
          <img src={recipe.imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" className="recipe-card__image" />
        ) : (
          <span className="recipe-card__emoji">{emojiFor(recipe.title)}</span>
        )}
      </div>
      <div className="recipe-card__tier">
        <Badge variant={recipe.isPremium ? "premium" : "success"}>{recipe.isPremium ? "PREMIUM" : "FREE"}</Badge>
      </div>
      <div className="recipe-card__save">
        <SaveRecipeButton recipeId={recipe.id} saved={recipe.saved} appearance="icon" recipeTitle={recipe.title} />
      </div>
      <div className="recipe-card__body">
        <p className="recipe-card__source">{sourceLabel(recipe)}</p>
        <h3 id={titleId} className="recipe-card__title">
          <Link to="/recipes/$id" params={{ id: String(recipe.id) }} className="recipe-card__link">
            {recipe.title}
          </Link>
        </h3>
        {recipe.description && <p className="recipe-card__description">{recipe.description}</p>}
        <ul className="recipe-card__meta" aria-label="Details">
          {total && (
            <li title={[prep && `Prep ${prep}`, cook && `Cook ${cook}`].filter(Boolean).join(", ") || undefined}>
              <ClockIcon size={15} />
              <span>
                {total}
                {prep && cook && <span className="muted"> (prep {prep}, cook {cook})</span>}
              </span>
            </li>
          )}
          {recipe.difficulty && (
            <li>
              <Badge variant={difficultyVariant(recipe.difficulty)}>{difficultyLabel(recipe.difficulty)}</Badge>
            </li>
          )}
          {recipe.mealType && (
            <li>
              <Badge variant="outline">{mealTypeLabel(recipe.mealType)}</Badge>
            </li>
          )}
        </ul>
        {diets.length > 0 && (
          <ul className="recipe-card__diets" aria-label="Dietary">
            {diets.map((diet) => (
              <li key={diet}>
                <Badge variant="info">{dietLabel(diet)}</Badge>
              </li>
            ))}
            {moreDiets > 0 && (
              <li>
                <Badge variant="outline" title={recipe.dietary.slice(MAX_DIET_BADGES).map(dietLabel).join(", ")}>
                  +{moreDiets} more
                </Badge>
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="recipe-card__footer">
        <p className={recipe.pantryMatches > 0 ? "recipe-card__pantry recipe-card__pantry--match" : "recipe-card__pantry"}>
          {recipe.pantryMatches > 0
            ? `Uses ${recipe.pantryMatches} of your pantry item${recipe.pantryMatches === 1 ? "" : "s"}`
            : "No pantry matches yet"}
        </p>
        {recipe.isOwner && onDelete && (
          <Button variant="ghost" size="icon" className="recipe-card__delete" aria-label={`Delete ${recipe.title}`} onClick={() => onDelete(recipe)}>
            <TrashIcon />
          </Button>
        )}
      </div>
    </article>
  );
}

/** A placeholder card while the list loads. */
export function RecipeCardSkeleton() {
  return (
    <div className="recipe-card recipe-card--skeleton" aria-hidden="true">
      <Skeleton className="recipe-card__media" style={{ borderRadius: 0 }} />
      <div className="recipe-card__body">
        <Skeleton width="40%" height="0.75rem" />
        <Skeleton width="85%" height="1.25rem" />
        <Skeleton width="100%" height="0.875rem" />
        <Skeleton width="70%" height="0.875rem" />
        <div className="cluster">
          <Skeleton width="4.5rem" height="1.25rem" />
          <Skeleton width="3.5rem" height="1.25rem" />
        </div>
      </div>
    </div>
  );
}
