import { useMemo, useState } from "react";
import { useCombobox } from "downshift";
import { cn } from "../../components/ui/cn";
import type { RecipeChoice } from "./mealPlanData";

/** Matches shown at once; typing narrows the list. */
const MAX_SHOWN = 60;

function matches(choice: RecipeChoice, words: string[]): boolean {
  const title = choice.title.toLowerCase();
  return words.every((word) => title.includes(word));
}

type RecipeComboboxProps = {
  choices: readonly RecipeChoice[] | undefined;
  loading: boolean;
  value: number | null;
  onChange: (choice: RecipeChoice | null) => void;
  /** The slot's meal type: its recipes are listed first within each group. */
  mealType: string;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * Searchable recipe picker (downshift's WAI-ARIA combobox): saved recipes first, then the user's own, then the
 * library; typing filters by words of the title. Arrow keys move, Enter picks, Escape closes.
 */
export function RecipeCombobox({ choices, loading, value, onChange, mealType, invalid, describedBy }: RecipeComboboxProps) {
  const selected = useMemo(() => choices?.find((c) => c.id === value) ?? null, [choices, value]);
  const [inputValue, setInputValue] = useState(selected?.title ?? "");
  const items = useMemo(() => {
    const words = inputValue.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const all = (choices ?? []).filter((choice) => (selected && inputValue === selected.title ? true : matches(choice, words)));
    const group = (c: RecipeChoice) => (c.saved ? 0 : c.own ? 1 : 2);
    return [...all].sort((a, b) => group(a) - group(b) || Number(b.mealType === mealType) - Number(a.mealType === mealType)).slice(0, MAX_SHOWN);
  }, [choices, inputValue, selected, mealType]);

  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps, highlightedIndex } = useCombobox<RecipeChoice>({
    items,
    itemToString: (item) => item?.title ?? "",
    selectedItem: selected,
    inputValue,
    onInputValueChange: ({ inputValue: next, type }) => {
      setInputValue(next ?? "");
      // Clearing the text clears the recipe (the meal becomes a custom one).
      if (type === useCombobox.stateChangeTypes.InputChange && !next) onChange(null);
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem ?? null),
  });

  return (
    <div className="field recipe-combobox">
      <label className="label" {...getLabelProps()}>
        Recipe<span className="label__optional"> (optional)</span>
      </label>
      <div className="recipe-combobox__control">
        <input
          className="input"
          placeholder={loading ? "Loading recipes..." : "Search your saved recipes and the library"}
          {...getInputProps({ "aria-describedby": describedBy, "aria-invalid": invalid || undefined })}
        />
        <button type="button" className="icon-button recipe-combobox__toggle" aria-label="Show recipes" {...getToggleButtonProps()}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      <ul className={cn("recipe-combobox__menu", !(isOpen && items.length > 0) && "recipe-combobox__menu--hidden")} {...getMenuProps()}>
        {isOpen &&
          items.map((item, index) => (
            <li
              key={item.id}
              className={cn("recipe-combobox__item", highlightedIndex === index && "recipe-combobox__item--active", selected?.id === item.id && "recipe-combobox__item--selected")}
              {...getItemProps({ item, index })}
            >
              <span className="recipe-combobox__title">{item.title}</span>
              <span className="recipe-combobox__meta">
                {item.saved ? "Saved" : item.own ? "Yours" : "Library"}
                {item.mealType ? ` · ${item.mealType}` : ""}
                {item.servings ? ` · serves ${item.servings}` : ""}
              </span>
            </li>
          ))}
      </ul>
      {isOpen && !loading && items.length === 0 && (
        <p className="field__hint" role="status">
          No recipe matches "{inputValue}". Describe the meal below instead.
        </p>
      )}
    </div>
  );
}
