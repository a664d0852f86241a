import { Link } from "@tanstack/react-router";
import { Button, Checkbox, Field, Select } from "../ui";
import { ChipGroup } from "./ToggleChips";
import { DIFFICULTY_FILTER_OPTIONS, FILTER_DIET_OPTIONS, PANTRY_USAGE_OPTIONS, SOURCE_FILTER_OPTIONS } from "./recipeFormat";
import type { FILTER_DIETS } from "../../../worker/domain/constants";

export type FilterDiet = (typeof FILTER_DIETS)[number];

/** The list filters; "" means no filter. */
export type RecipeFilters = {
  difficulty: string;
  dietary: FilterDiet[];
  source: string;
  pantryUsage: string;
  /** Only recipes without the profile's allergens and meeting its diets; dislikes last. */
  fitsPreferences: boolean;
};

export const NO_FILTERS: RecipeFilters = { difficulty: "", dietary: [], source: "", pantryUsage: "", fitsPreferences: false };

export function activeFilterCount(filters: RecipeFilters): number {
  return (filters.difficulty ? 1 : 0) + filters.dietary.length + (filters.source ? 1 : 0) + (filters.pantryUsage ? 1 : 0) + (filters.fitsPreferences ? 1 : 0);
}

type RecipeFilterPanelProps = {
  id: string;
  filters: RecipeFilters;
  onChange: (filters: RecipeFilters) => void;
};

/** The collapsible panel's content: difficulty, dietary, source and pantry usage. */
export function RecipeFilterPanel({ id, filters, onChange }: RecipeFilterPanelProps) {
  const set = (patch: Partial<RecipeFilters>) => onChange({ ...filters, ...patch });
  return (
    <section id={id} className="recipe-filters" aria-label="Recipe filters">
      <div className="recipe-filters__selects">
        <Field label="Difficulty">
          {(p) => (
            <Select {...p} value={filters.difficulty} onChange={(e) => set({ difficulty: e.target.value })}>
              <option value="">Any difficulty</option>
              {DIFFICULTY_FILTER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Source">
          {(p) => (
            <Select {...p} value={filters.source} onChange={(e) => set({ source: e.target.value })}>
              <option value="">All sources</option>
              {SOURCE_FILTER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Pantry usage" hint="Recipes that use at least this many of your pantry items.">
          {(p) => (
            <Select {...p} value={filters.pantryUsage} onChange={(e) => set({ pantryUsage: e.target.value })}>
              <option value="">Any</option>
              {PANTRY_USAGE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <ChipGroup legend="Dietary" options={FILTER_DIET_OPTIONS} selected={filters.dietary} onChange={(dietary) => set({ dietary })} hint="Recipes must meet every diet you pick." />
      <Checkbox
        label="Fits my preferences"
        description={
          <>
            No recipes with your allergies, your diets met, disliked foods last. Set them on your <Link to="/profile">profile</Link>.
          </>
        }
        checked={filters.fitsPreferences}
        onChange={(e) => set({ fitsPreferences: e.target.checked })}
      />
      <div className="recipe-filters__actions">
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)} disabled={activeFilterCount(filters) === 0}>
          Clear filters
        </Button>
      </div>
    </section>
  );
}
