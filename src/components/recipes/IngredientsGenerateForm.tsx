import { useEffect, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { Button, Field, Input, Select, Textarea, toast } from "../ui";
import { LIMITS, type GENERATOR_DIETS, type MealType, type OBSCURITY_LEVELS } from "../../../worker/domain/constants";
import { generateRecipeInput } from "../../../worker/schemas/recipes";
import {
  DIFFICULTY_OPTIONS,
  GENERATOR_DIET_OPTIONS,
  MEAL_TYPE_OPTIONS,
  OBSCURITY_OPTIONS,
  generateFormErrorToast,
  splitIngredients,
  type Difficulty,
} from "./recipeFormat";

type Diet = (typeof GENERATOR_DIETS)[number];
type Obscurity = (typeof OBSCURITY_LEVELS)[number];
type FieldErrors = Partial<Record<"recipeUrl" | "ingredients" | "servings", string>>;

/** A link the server can fetch: http(s) only. */
function urlProblem(text: string): string | null {
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? null : "Enter a web link starting with https://";
  } catch {
    return "Enter the full link, starting with https://";
  }
}

type IngredientsGenerateFormProps = {
  onGenerated: (recipe: { id: number; title: string }) => void;
  onBusyChange: (busy: boolean) => void;
};

/**
 * "From ingredients or a link": typed ingredients with meal type, diet, servings, difficulty and
 * obscurity; when a recipe link is given the page is imported instead.
 */
export function IngredientsGenerateForm({ onGenerated, onBusyChange }: IngredientsGenerateFormProps) {
  const utils = trpc.useUtils();
  const generate = trpc.recipes.generate.useMutation();
  const [recipeUrl, setRecipeUrl] = useState("");
  const [ingredientsText, setIngredientsText] = useState("");
  const [mealType, setMealType] = useState<MealType>("dinner");
  const [dietary, setDietary] = useState<Diet>("none");
  const [servingsText, setServingsText] = useState("4");
  const [difficulty, setDifficulty] = useState<Difficulty>("medium");
  const [obscurity, setObscurity] = useState<Obscurity>("moderate");
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = generate.isPending;
  const importing = recipeUrl.trim() !== "";
  const ingredientCount = splitIngredients(ingredientsText).length;

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const url = recipeUrl.trim();
    const values = {
      recipeUrl: url || undefined,
      ingredients: splitIngredients(ingredientsText),
      mealType,
      dietary,
      servings: servingsText.trim() === "" ? undefined : servingsText,
      difficulty,
      obscurity,
    };
    const parsed = generateRecipeInput.safeParse(values);
    const next: FieldErrors = {};
    const badUrl = urlProblem(url);
    if (badUrl) next.recipeUrl = badUrl;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "recipeUrl" || key === "ingredients" || key === "servings") && !next[key]) next[key] = issue.message;
      }
    }
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;

    try {
      const result = await generate.mutateAsync(parsed.data);
      const warnings = "warnings" in result && Array.isArray(result.warnings) ? result.warnings : [];
      toast({
        title: importing ? "Recipe Imported!" : "Recipe Generated!",
        description: [`${result.recipe.title} is ready.`, ...warnings].join(" "),
      });
      void utils.recipes.list.invalidate();
      onGenerated(result.recipe);
    } catch (error) {
      const text = generateFormErrorToast(error);
      toast({ ...text, variant: "destructive" });
    }
  };

  return (
    <form className="generate-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <fieldset className="generate-form__fields" disabled={busy}>
        <Field
          label="Recipe link"
          optional
          error={errors.recipeUrl}
          hint={importing ? "We'll import the recipe from this page; the options below are used for servings and diet checks." : "Paste a recipe page to import it instead of generating one."}
        >
          {(p) => (
            <Input
              {...p}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://www.example.com/recipes/lasagna"
              value={recipeUrl}
              onChange={(e) => setRecipeUrl(e.target.value)}
            />
          )}
        </Field>

        <Field
          label="Ingredients"
          optional
          error={errors.ingredients}
          hint={importing ? "Not used when importing from a link." : `Separate with commas. ${ingredientCount > 0 ? `${ingredientCount} ingredient${ingredientCount === 1 ? "" : "s"}.` : "Leave empty for a suggestion."}`}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              placeholder="chicken, rice, broccoli, garlic"
              value={ingredientsText}
              onChange={(e) => setIngredientsText(e.target.value)}
              disabled={importing}
            />
          )}
        </Field>

        <div className="form-grid">
          <Field label="Meal type">
            {(p) => <Select {...p} value={mealType} onChange={(e) => setMealType(e.target.value as MealType)} options={MEAL_TYPE_OPTIONS} />}
          </Field>
          <Field label="Dietary">
            {(p) => <Select {...p} value={dietary} onChange={(e) => setDietary(e.target.value as Diet)} options={GENERATOR_DIET_OPTIONS} />}
          </Field>
          <Field label="Servings" error={errors.servings}>
            {(p) => (
              <Input
                {...p}
                type="number"
                inputMode="numeric"
                min={1}
                max={LIMITS.servingsGenerateMax}
                step={1}
                value={servingsText}
                onChange={(e) => setServingsText(e.target.value)}
              />
            )}
          </Field>
          <Field label="Difficulty">
            {(p) => <Select {...p} value={difficulty} onChange={(e) => setDifficulty(e.target.value as Difficulty)} options={DIFFICULTY_OPTIONS} />}
          </Field>
          <Field label="Obscurity" hint="How adventurous the ingredients and dishes may be.">
            {(p) => <Select {...p} value={obscurity} onChange={(e) => setObscurity(e.target.value as Obscurity)} options={OBSCURITY_OPTIONS} disabled={importing} />}
          </Field>
        </div>
      </fieldset>

      <div className="generate-form__actions">
        <Button type="submit" loading={busy} className="generate-form__submit">
          {busy ? (importing ? "Importing..." : "Generating...") : importing ? "Import Recipe" : "Generate Recipe"}
        </Button>
      </div>
    </form>
  );
}
