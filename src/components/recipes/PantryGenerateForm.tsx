import { useEffect, useId, useMemo, useState, type CSSProperties, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Button, Field, Input, Select, Skeleton, Textarea, toast } from "../ui";
import { AlertIcon } from "../icons";
import { useUserToday } from "../pantry/useUserToday";
import { LIMITS, type MealType } from "../../../worker/domain/constants";
import { sortBySoonestExpiry } from "../../../worker/domain/expiry";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import { requiredIngredientCount } from "../../../worker/schemas/recipes";
import { ChipGroup, ToggleChip } from "./ToggleChips";
import type { FilterDiet } from "./RecipeFilterPanel";
import { DIFFICULTY_OPTIONS, FILTER_DIET_OPTIONS, MEAL_TYPE_OPTIONS, pantryGenerationErrorToast, selectionChip, type Difficulty } from "./recipeFormat";

const SERVINGS_DEFAULT = "4";

/** Non-numeric servings fall back to 1 rather than blocking the request. */
export function servingsFromText(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isNaN(value) ? 1 : value;
}

type PantryGenerateFormProps = {
  onGenerated: (recipe: { id: number; title: string }) => void;
  onBusyChange: (busy: boolean) => void;
};

/**
 * "From my pantry": pick pantry items (dated first, soonest first, the first 20), meal type, servings, difficulty,
 * fridge-match percentage, an optional request and diets; the input is checked here before anything is sent.
 */
export function PantryGenerateForm({ onGenerated, onBusyChange }: PantryGenerateFormProps) {
  const ids = useId();
  const today = useUserToday();
  const utils = trpc.useUtils();
  const pantry = trpc.pantry.list.useQuery(undefined, { staleTime: 30_000 });
  const generate = trpc.recipes.generateFromPantry.useMutation();

  const [selected, setSelected] = useState<number[]>([]);
  const [mealType, setMealType] = useState<MealType | "">("");
  const [servingsText, setServingsText] = useState(SERVINGS_DEFAULT);
  const [difficulty, setDifficulty] = useState<Difficulty>("medium");
  const [fridgePercentage, setFridgePercentage] = useState<number>(LIMITS.fridgePercentDefault);
  const [request, setRequest] = useState("");
  const [diets, setDiets] = useState<FilterDiet[]>([]);

  const allItems = useMemo(() => sortBySoonestExpiry(pantry.data ?? []), [pantry.data]);
  const chips = allItems.slice(0, LIMITS.pantryChips);
  // Items that left the pantry since they were picked no longer count.
  const chosen = selected.filter((id) => chips.some((item) => item.id === id));
  const required = requiredIngredientCount(chosen.length, fridgePercentage);
  const servings = servingsFromText(servingsText);
  const servingsInvalid = servings < 1 || servings > LIMITS.servingsPantryMax;
  const busy = generate.isPending;
  // What is still missing, said next to the button. The button itself stays pressable so that pressing it (or Enter)
  // runs the checks below and names what to fix in a toast.
  const missing =
    chosen.length === 0 && mealType === ""
      ? "Pick at least one pantry item and a meal type."
      : chosen.length === 0
        ? "Pick at least one pantry item."
        : mealType === ""
          ? "Choose a meal type."
          : null;

  useEffect(() => {
    if (pantry.error) toast({ title: "Error loading pantry items", description: errorMessage(pantry.error), variant: "destructive" });
  }, [pantry.error]);

  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);

  const fail = (title: string, description: string) => toast({ title, description, variant: "destructive" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (chosen.length === 0) return fail("Select ingredients", "Pick at least one item from your pantry to cook with.");
    if (mealType === "") return fail("Select meal type", "Please select a meal type.");
    if (servingsInvalid) return fail("Invalid servings", `Servings must be between 1 and ${LIMITS.servingsPantryMax}.`);
    if (!(fridgePercentage >= LIMITS.fridgePercentMin && fridgePercentage <= LIMITS.fridgePercentMax)) {
      return fail("Invalid fridge percentage", `Choose a fridge percentage between ${LIMITS.fridgePercentMin}% and ${LIMITS.fridgePercentMax}%.`);
    }
    if (chosen.length < required) return fail("Not enough ingredients", `Select at least ${required} ingredients for a ${fridgePercentage}% fridge match.`);
    try {
      const result = await generate.mutateAsync({
        selectedIngredients: chosen,
        dietaryRestrictions: diets,
        mealType,
        servings,
        recipeRequest: request.trim() || null,
        difficulty,
        fridgePercentage,
      });
      toast({ title: "Recipe Generated!", description: `${result.recipe.title} is ready to cook.` });
      void utils.recipes.list.invalidate();
      onGenerated(result.recipe);
    } catch (error) {
      const text = pantryGenerationErrorToast(error);
      fail(text.title, text.description ?? "");
    }
  };

  const toggle = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((v) => v !== id)));
  const hintId = `${ids}-fridge-hint`;
  const missingId = `${ids}-missing`;
  const fridgeHint =
    chosen.length === 0
      ? `Pick items above: the recipe will use at least ${fridgePercentage}% of them.`
      : `Use at least ${required} of your ${chosen.length} selected item${chosen.length === 1 ? "" : "s"}.`;

  return (
    <form className="generate-form" onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <fieldset className="generate-form__fields" disabled={busy}>
        <fieldset className="chip-group">
          <legend className="label">Pantry ingredients</legend>
          <p className="field__hint">Items that expire soonest come first. Pick what you want to use up.</p>
          {pantry.isLoading ? (
            <div className="chip-group__chips" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} width={`${5 + (i % 3) * 2}rem`} height="2.25rem" style={{ borderRadius: 999 }} />
              ))}
            </div>
          ) : pantry.error ? (
            <div className="alert alert--danger" role="alert">
              <AlertIcon size={18} />
              <div>
                <strong>Error loading pantry items</strong>
                <p>{errorMessage(pantry.error)}</p>
                <Button variant="outline" size="sm" onClick={() => void pantry.refetch()} className="generate-form__retry">
                  Try again
                </Button>
              </div>
            </div>
          ) : chips.length === 0 ? (
            <div className="alert alert--info">
              <div>
                Your pantry is empty. <Link to="/pantry" search={{ action: "add" }}>Add some items</Link> first, or use “From ingredients or a link”.
              </div>
            </div>
          ) : (
            <>
              <div className="chip-group__chips pantry-chips">
                {chips.map((item) => {
                  const chip = selectionChip(item.expirationDate, today);
                  return (
                    <ToggleChip
                      key={item.id}
                      pressed={chosen.includes(item.id)}
                      onPressedChange={(on) => toggle(item.id, on)}
                      className={`pantry-chip pantry-chip--${chip.band}`}
                    >
                      <span aria-hidden="true">{emojiFor(item.name, item.category)}</span>
                      <span className="pantry-chip__name">{item.name}</span>
                      <span className="pantry-chip__expiry">
                        <span className="sr-only">, </span>
                        {chip.text}
                      </span>
                    </ToggleChip>
                  );
                })}
              </div>
              <div className="generate-form__chip-bar">
                <p className="small muted" aria-live="polite">
                  {chosen.length} selected
                  {allItems.length > chips.length && ` · showing the ${chips.length} items that expire soonest of ${allItems.length}`}
                </p>
                {chosen.length > 0 && (
                  <Button variant="link" size="sm" onClick={() => setSelected([])}>
                    Clear selection
                  </Button>
                )}
              </div>
            </>
          )}
        </fieldset>

        <div className="form-grid">
          <Field label="Meal type" error={chosen.length > 0 && mealType === "" ? "Please select a meal type" : null}>
            {(p) => (
              <Select {...p} required value={mealType} onChange={(e) => setMealType(e.target.value as MealType | "")} placeholder="Choose a meal type" options={MEAL_TYPE_OPTIONS} />
            )}
          </Field>
          <Field label="Servings" error={servingsInvalid ? `Servings must be between 1 and ${LIMITS.servingsPantryMax}` : null}>
            {(p) => (
              <Input
                {...p}
                type="number"
                inputMode="numeric"
                min={1}
                max={LIMITS.servingsPantryMax}
                step={1}
                value={servingsText}
                onChange={(e) => setServingsText(e.target.value)}
                onBlur={() => setServingsText(String(servingsFromText(servingsText)))}
              />
            )}
          </Field>
          <Field label="Difficulty">
            {(p) => <Select {...p} value={difficulty} onChange={(e) => setDifficulty(e.target.value as Difficulty)} options={DIFFICULTY_OPTIONS} />}
          </Field>
        </div>

        <div className="field fridge-slider">
          <div className="fridge-slider__top">
            <label className="label" htmlFor={`${ids}-fridge`}>
              Fridge match
            </label>
            <output className="fridge-slider__value" htmlFor={`${ids}-fridge`}>
              {fridgePercentage}%
            </output>
          </div>
          <input
            id={`${ids}-fridge`}
            className="range"
            type="range"
            min={LIMITS.fridgePercentMin}
            max={LIMITS.fridgePercentMax}
            step={5}
            value={fridgePercentage}
            onChange={(e) => setFridgePercentage(Number(e.target.value))}
            aria-valuetext={`${fridgePercentage}%. ${fridgeHint}`}
            aria-describedby={hintId}
            style={{ "--range-fill": `${((fridgePercentage - LIMITS.fridgePercentMin) / (LIMITS.fridgePercentMax - LIMITS.fridgePercentMin)) * 100}%` } as CSSProperties}
          />
          <div className="fridge-slider__scale" aria-hidden="true">
            <span>{LIMITS.fridgePercentMin}%</span>
            <span>{LIMITS.fridgePercentMax}%</span>
          </div>
          <p id={hintId} className="field__hint" aria-live="polite">
            {fridgeHint}
          </p>
        </div>

        <Field label="Anything special?" optional hint="For example: something spicy, one-pot, ready in 20 minutes.">
          {(p) => <Textarea {...p} rows={2} maxLength={500} value={request} onChange={(e) => setRequest(e.target.value)} placeholder="Describe what you feel like eating" />}
        </Field>

        <ChipGroup legend="Dietary restrictions (optional)" options={FILTER_DIET_OPTIONS} selected={diets} onChange={setDiets} />
      </fieldset>

      <div className="generate-form__actions">
        {missing && !busy && (
          <p id={missingId} className="field__hint generate-form__missing">
            {missing}
          </p>
        )}
        <Button type="submit" disabled={busy} loading={busy} aria-describedby={missing && !busy ? missingId : undefined} className="generate-form__submit">
          {busy ? "Generating..." : "Generate Recipe"}
        </Button>
      </div>
    </form>
  );
}
