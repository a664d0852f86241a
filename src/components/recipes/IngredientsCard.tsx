import { useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, toast, cn } from "../ui";
import { CheckIcon } from "../icons";
import { usePantryChanged } from "../pantry/queries";
import { addIngredientInput, RECIPE_LIMITS } from "../../../worker/schemas/recipes";
import { formatExactQuantity } from "../../../worker/domain/ingredients";
import { RecipePart } from "./RecipePart";
import { ServingsScaler } from "./ServingsScaler";
import { PencilIcon, PlusIcon, TrashIcon } from "./recipeIcons";
import { amountText, type RecipeDetailData, type RecipeIngredient } from "./recipeFormat";

/** Servings assumed for a recipe that does not say (the server's scaled call reads it the same way). */
export const ASSUMED_SERVINGS = 4;

/**
 * An ingredient's amount for `factor` times the servings. The unit is kept as written: converting (0.625 cup into
 * 10 tbsp) reads worse than a kitchen fraction in most recipes, so only the number changes.
 */
export function scaledAmountText(ingredient: Pick<RecipeIngredient, "quantity" | "quantityMax" | "unit">, factor: number): string {
  const scale = (n: number | null) => (n === null ? null : Math.round(n * factor * 1e6) / 1e6);
  return amountText(scale(ingredient.quantity), scale(ingredient.quantityMax), ingredient.unit);
}
type IngredientDraft = { name: string; quantity: string; unit: string };
type DraftErrors = Partial<Record<keyof IngredientDraft, string>>;

function draftOf(ingredient?: RecipeIngredient): IngredientDraft {
  // "1/3", not "0.3333333333333333": the form reads fractions back exactly.
  const quantity = ingredient?.quantity === null || ingredient?.quantity === undefined ? "" : formatExactQuantity(ingredient.quantity);
  return { name: ingredient?.name ?? "", quantity, unit: ingredient?.unit ?? "" };
}

/** Validates a draft with the server's schema; returns the clean values or the messages per field. */
function checkDraft(recipeId: number, draft: IngredientDraft) {
  const parsed = addIngredientInput.safeParse({ recipeId, name: draft.name, quantity: draft.quantity.trim(), unit: draft.unit });
  if (parsed.success) return { values: parsed.data, errors: {} as DraftErrors };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === "name" || key === "quantity" || key === "unit") && !errors[key]) errors[key] = issue.message;
  }
  return { values: null, errors };
}

type IngredientsCardProps = {
  detail: RecipeDetailData;
};

/**
 * The ingredient card: a servings scaler, each ingredient with its amount and whether the pantry has it, "Add to
 * pantry" for missing ones, and (own recipes only) add, inline edit and delete.
 */
export function IngredientsCard({ detail }: IngredientsCardProps) {
  const { recipe, ingredients } = detail;
  const utils = trpc.useUtils();
  const pantryChanged = usePantryChanged();
  const editable = recipe.isOwner && !recipe.isLibrary;
  const baseServings = recipe.servings ?? ASSUMED_SERVINGS;
  const [servings, setServings] = useState(baseServings);
  const scaledOn = servings !== baseServings;
  const factor = servings / baseServings;

  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<IngredientDraft>(draftOf());
  const [draftErrors, setDraftErrors] = useState<DraftErrors>({});
  const [newDraft, setNewDraft] = useState<IngredientDraft>(draftOf());
  const [newErrors, setNewErrors] = useState<DraftErrors>({});
  const [pending, setPending] = useState<Set<string>>(new Set());

  const addIngredient = trpc.recipes.ingredients.add.useMutation();
  const updateIngredient = trpc.recipes.ingredients.update.useMutation();
  const deleteIngredient = trpc.recipes.ingredients.delete.useMutation();
  const addGrocery = trpc.groceries.create.useMutation();

  const refresh = () => Promise.all([utils.recipes.get.invalidate({ id: recipe.id }), utils.recipes.list.invalidate()]);
  const mark = (key: string, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const startEdit = (ingredient: RecipeIngredient) => {
    setEditing(ingredient.id);
    setDraft(draftOf(ingredient));
    setDraftErrors({});
  };

  const saveEdit = async (event: FormEvent, ingredient: RecipeIngredient) => {
    event.preventDefault();
    const { values, errors } = checkDraft(recipe.id, draft);
    setDraftErrors(errors);
    if (!values) return;
    try {
      await updateIngredient.mutateAsync({ recipeId: recipe.id, originalName: ingredient.name, name: values.name, quantity: values.quantity, unit: values.unit });
      setEditing(null);
      await refresh();
    } catch {
      toast({ title: "Failed to update ingredient", description: "Please try again.", variant: "destructive" });
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const { values, errors } = checkDraft(recipe.id, newDraft);
    setNewErrors(errors);
    if (!values) return;
    try {
      await addIngredient.mutateAsync(values);
      setNewDraft(draftOf());
      await refresh();
    } catch {
      toast({ title: "Failed to add ingredient", description: "Please try again.", variant: "destructive" });
    }
  };

  const remove = async (ingredient: RecipeIngredient) => {
    const key = `delete:${ingredient.name}`;
    mark(key, true);
    try {
      await deleteIngredient.mutateAsync({ recipeId: recipe.id, name: ingredient.name });
      await refresh();
    } catch {
      toast({ title: "Failed to delete ingredient", description: "Please try again.", variant: "destructive" });
    } finally {
      mark(key, false);
    }
  };

  const addToPantry = async (ingredient: RecipeIngredient) => {
    const key = `pantry:${ingredient.name}`;
    mark(key, true);
    try {
      // The food as the rest of the app files it ("zucchinis" -> zucchini, Fresh Vegetables, fridge); the server
      // then estimates its expiry from those, as for anything else added without a date.
      const food = await utils.groceries.suggest.fetch({ name: ingredient.name });
      await addGrocery.mutateAsync({
        name: food.name,
        quantity: ingredient.quantity && ingredient.quantity > 0 ? ingredient.quantity : 1,
        unit: ingredient.unit ?? "unit",
        category: food.category,
        location: food.location,
      });
      toast({ title: "Added to pantry", description: `${food.name} is now in your pantry.` });
      // Also refreshes this recipe's availability and pantry links.
      await pantryChanged();
    } catch {
      toast({ title: "Failed to add to pantry", description: "Please try again.", variant: "destructive" });
    } finally {
      mark(key, false);
    }
  };

  const have = ingredients.filter((i) => i.available).length;

  const renderRow = (ingredient: RecipeIngredient) => {
    const amountLabel = scaledAmountText(ingredient, factor);
    const status = ingredient.alwaysAvailable ? "staple" : ingredient.available ? "available" : "missing";
    if (editing === ingredient.id) {
      return (
        <li key={ingredient.id} className="ingredient-row ingredient-row--editing">
          <IngredientForm
            idPrefix={`edit-${ingredient.id}`}
            draft={draft}
            errors={draftErrors}
            onChange={setDraft}
            onSubmit={(e) => saveEdit(e, ingredient)}
            onCancel={() => setEditing(null)}
            submitLabel="Save"
            busy={updateIngredient.isPending}
            note={scaledOn ? `Amounts here are for the original ${baseServings} servings.` : undefined}
            legend={`Edit ${ingredient.name}`}
          />
        </li>
      );
    }
    return (
      <li key={ingredient.id} className={cn("ingredient-row", `ingredient-row--${status}`, editable && "ingredient-row--editable")}>
        <span className="ingredient-row__status" aria-hidden="true">
          {status === "missing" ? "" : <CheckIcon size={14} />}
        </span>
        <div className="ingredient-row__main">
          <p className="ingredient-row__text">
            {amountLabel && <span className="ingredient-row__amount">{amountLabel} </span>}
            <span className="ingredient-row__name">{ingredient.name}</span>
            {ingredient.preparation && <span className="ingredient-row__prep">, {ingredient.preparation}</span>}
            {ingredient.comment && <span className="ingredient-row__prep"> ({ingredient.comment})</span>}
          </p>
          <div className="ingredient-row__meta">
            {status === "available" && <Badge variant="success">In pantry</Badge>}
            {status === "staple" && <Badge variant="outline">Staple</Badge>}
            {status === "missing" && (
              <>
                <Badge variant="warning">Missing</Badge>
                <Button
                  variant="link"
                  size="sm"
                  className="ingredient-row__add"
                  loading={pending.has(`pantry:${ingredient.name}`)}
                  onClick={() => addToPantry(ingredient)}
                  aria-label={`Add to pantry: ${ingredient.name}`}
                >
                  {!pending.has(`pantry:${ingredient.name}`) && <PlusIcon size={14} />}
                  Add to pantry
                </Button>
              </>
            )}
          </div>
        </div>
        {editable && (
          <div className="ingredient-row__tools">
            <Button variant="ghost" size="icon" aria-label={`Edit ${ingredient.name}`} onClick={() => startEdit(ingredient)}>
              <PencilIcon size={16} />
            </Button>
            <Button variant="ghost" size="icon" aria-label={`Delete ${ingredient.name}`} loading={pending.has(`delete:${ingredient.name}`)} onClick={() => remove(ingredient)}>
              {!pending.has(`delete:${ingredient.name}`) && <TrashIcon size={16} />}
            </Button>
          </div>
        )}
      </li>
    );
  };

  return (
    <Card className="ingredients-card">
      <CardHeader className="ingredients-card__header">
        <div>
          <CardTitle as="h2">Ingredients</CardTitle>
          {ingredients.length > 0 && (
            <CardDescription>
              You have {have} of {ingredients.length} in your pantry
            </CardDescription>
          )}
        </div>
        <ServingsScaler servings={servings} baseServings={baseServings} max={RECIPE_LIMITS.scaleServingsMax} onChange={setServings} />
      </CardHeader>
      <CardContent>
        {scaledOn && (
          <p className="ingredients-card__scaled" role="status">
            Amounts scaled from {baseServings} to {servings} servings{recipe.servings === null ? ` (the recipe doesn't say how many it serves, so ${ASSUMED_SERVINGS} is assumed)` : ""}.
          </p>
        )}
        {ingredients.length === 0 ? (
          <p className="muted">No ingredients listed yet.</p>
        ) : (
          ingredientSections(ingredients).map((group, index) => (
            <RecipePart key={index} id={`ingredient-section-${recipe.id}-${index}`} title={group.section} className="ingredient-section">
              {(labelledBy) => (
                <ul role="list" className="ingredient-list" aria-labelledby={labelledBy}>
                  {group.items.map(renderRow)}
                </ul>
              )}
            </RecipePart>
          ))
        )}
        {editable && (
          <div className="ingredients-card__add">
            <IngredientForm
              idPrefix="new-ingredient"
              draft={newDraft}
              errors={newErrors}
              onChange={setNewDraft}
              onSubmit={add}
              submitLabel="Add Ingredient"
              busy={addIngredient.isPending}
              legend="Add an ingredient"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Ingredients in runs under their section ("For the sauce"), in recipe order; a recipe without sections is one
 * unnamed run.
 */
export function ingredientSections<T extends { section: string | null }>(ingredients: T[]): { section: string | null; items: T[] }[] {
  const runs: { section: string | null; items: T[] }[] = [];
  for (const ingredient of ingredients) {
    const last = runs[runs.length - 1];
    if (last && last.section === ingredient.section) last.items.push(ingredient);
    else runs.push({ section: ingredient.section, items: [ingredient] });
  }
  return runs;
}

type IngredientFormProps = {
  idPrefix: string;
  legend: string;
  draft: IngredientDraft;
  errors: DraftErrors;
  onChange: (draft: IngredientDraft) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel?: () => void;
  submitLabel: string;
  busy: boolean;
  note?: string;
};

/** Name, quantity and unit in one row (stacked on phones). */
function IngredientForm({ idPrefix, legend, draft, errors, onChange, onSubmit, onCancel, submitLabel, busy, note }: IngredientFormProps) {
  const field = (key: keyof IngredientDraft, label: string, props: { placeholder?: string; inputMode?: "decimal"; maxLength?: number }) => {
    const id = `${idPrefix}-${key}`;
    const error = errors[key];
    return (
      <div className={cn("field", `ingredient-form__${key}`)}>
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={draft[key]}
          onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form className="ingredient-form" onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy}>
        <legend className="ingredient-form__legend">{legend}</legend>
        {note && <p className="field__hint">{note}</p>}
        <div className="ingredient-form__row">
          {field("name", "Name", { placeholder: "e.g. garlic", maxLength: RECIPE_LIMITS.ingredientNameMax })}
          {field("quantity", "Quantity", { placeholder: "1 1/2" })}
          {field("unit", "Unit", { placeholder: "cloves", maxLength: RECIPE_LIMITS.unitMax })}
        </div>
        <div className="ingredient-form__actions">
          {onCancel && (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="sm" loading={busy}>
            {!busy && !onCancel && <PlusIcon size={14} />}
            {submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
