import { Link } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, Select, Skeleton, toast } from "../../components/ui";
import { CloseIcon, SparklesIcon } from "../../components/icons";
import {
  COOKING_TIME_LABELS,
  COOKING_TIME_PREFERENCES,
  CUISINES,
  DEFAULT_DIFFICULTY_PREFERENCE,
  DIETARY_RESTRICTIONS,
  DIFFICULTY_PREFERENCES,
  SPICE_LABELS,
  type CookingTimePreference,
  type DifficultyPreference,
} from "../../../worker/domain/constants";
import { addListEntry, cookingProfileInput, PROFILE_LIMITS, PROFILE_MESSAGES } from "../../../worker/schemas/profile";
import type { ProfileField } from "./profileLinks";

type Preferences = {
  favoriteCuisines: string[];
  dietaryRestrictions: string[];
  favoriteFoods: string[];
  favoriteRestaurants: string[];
  dislikedFoods: string[];
  allergies: string[];
  spiceLevel: number;
  /** Null until the cook chooses (difficulty then counts as Medium, shown as the default). */
  difficultyPreference: DifficultyPreference | null;
  cookingTimePreference: CookingTimePreference | null;
};

const EMPTY: Preferences = {
  favoriteCuisines: [],
  dietaryRestrictions: [],
  favoriteFoods: [],
  favoriteRestaurants: [],
  dislikedFoods: [],
  allergies: [],
  spiceLevel: 0,
  difficultyPreference: null,
  cookingTimePreference: null,
};

const DIFFICULTY_OPTIONS = DIFFICULTY_PREFERENCES.map((value) => ({ value, label: value }));
const COOKING_TIME_OPTIONS = COOKING_TIME_PREFERENCES.map((value) => ({ value, label: COOKING_TIME_LABELS[value] }));

type ListKey = "favoriteFoods" | "favoriteRestaurants" | "dislikedFoods" | "allergies";
const LISTS: { key: ListKey; label: string; placeholder: string; empty: string; hint?: string }[] = [
  { key: "favoriteFoods", label: "Favorite Foods", placeholder: "e.g. mushrooms", empty: "No favorite foods added yet." },
  { key: "favoriteRestaurants", label: "Favorite Restaurants", placeholder: "e.g. Luigi's Trattoria", empty: "No favorite restaurants added yet." },
  { key: "dislikedFoods", label: "Disliked Foods", placeholder: "e.g. olives", empty: "No disliked foods added yet.", hint: "Recipes with these rank last." },
  {
    key: "allergies",
    label: "Allergies",
    placeholder: "e.g. peanuts, dairy, shellfish",
    empty: "No allergies added yet.",
    hint: "Recipes and the companion never propose these, including foods made from them (pesto has nuts, parmesan is dairy).",
  },
];

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * The Food Preferences tab: the form and, below it, the premium cuisine recommendations. focusField (from a link
 * such as the smart insights panel's) is focused once the form is there.
 */
export function FoodPreferencesTab({ isPremium, focusField, onFieldFocused }: { isPremium: boolean; focusField?: ProfileField; onFieldFocused?: () => void }) {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (me.isPending) return <Skeleton height={320} />;
  const stored = me.data?.foodPreferences;
  const cooking = me.data?.cookingProfile;
  const initial: Preferences = { ...EMPTY, ...stored, ...cooking };
  return (
    <div className="stack">
      <PreferencesForm key={JSON.stringify([stored ?? null, cooking ?? null])} initial={initial} focusField={focusField} onFieldFocused={onFieldFocused} />
      <CuisineRecommendations isPremium={isPremium} />
    </div>
  );
}

function PreferencesForm({ initial, focusField, onFieldFocused }: { initial: Preferences; focusField?: ProfileField; onFieldFocused?: () => void }) {
  const utils = trpc.useUtils();
  const [prefs, setPrefs] = useState<Preferences>(initial);
  const set = (patch: Partial<Preferences>) => setPrefs((current) => ({ ...current, ...patch }));
  const save = trpc.profile.updateFoodPreferences.useMutation({
    onSuccess: (saved) => {
      utils.auth.me.setData(undefined, (current) => (current ? { ...current, foodPreferences: saved.foodPreferences, cookingProfile: saved.cookingProfile } : saved));
      void utils.profile.get.invalidate();
      void utils.profile.cuisineRecommendations.invalidate();
      void utils.smart.invalidate();
      toast({ title: PROFILE_MESSAGES.preferencesUpdatedTitle, description: PROFILE_MESSAGES.preferencesUpdatedDescription });
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, PROFILE_MESSAGES.preferencesFailed), variant: "destructive" }),
  });
  const cuisinesId = useId();
  const dietsId = useId();
  const cuisinesGroup = useRef<HTMLDivElement>(null);
  const difficultySelect = useRef<HTMLSelectElement>(null);
  const cookingTimeSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (!focusField) return;
    const target = { cuisines: cuisinesGroup.current?.querySelector("button"), difficulty: difficultySelect.current, "cooking-time": cookingTimeSelect.current }[focusField];
    target?.focus();
    onFieldFocused?.();
  }, [focusField, onFieldFocused]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Food Preferences</CardTitle>
        <CardDescription>Recipes, your smart insights and the Chef Companion use these.</CardDescription>
      </CardHeader>
      <CardContent className="stack prefs-form">
        <fieldset className="prefs-form__group">
          <legend id={cuisinesId} className="label">
            Favorite Cuisines
          </legend>
          <div ref={cuisinesGroup} className="cuisine-grid" role="group" aria-labelledby={cuisinesId}>
            {CUISINES.map((cuisine) => {
              const on = prefs.favoriteCuisines.includes(cuisine);
              return (
                <button key={cuisine} type="button" className={on ? "cuisine-option is-selected" : "cuisine-option"} aria-pressed={on} onClick={() => set({ favoriteCuisines: toggle(prefs.favoriteCuisines, cuisine) })}>
                  {cuisine}
                </button>
              );
            })}
          </div>
        </fieldset>
        <fieldset className="prefs-form__group">
          <legend id={dietsId} className="label">
            Dietary Restrictions
          </legend>
          <div className="diet-badges" role="group" aria-labelledby={dietsId}>
            {DIETARY_RESTRICTIONS.map((diet) => {
              const on = prefs.dietaryRestrictions.includes(diet);
              return (
                <button key={diet} type="button" className={on ? "diet-badge is-selected" : "diet-badge"} aria-pressed={on} onClick={() => set({ dietaryRestrictions: toggle(prefs.dietaryRestrictions, diet) })}>
                  {diet}
                </button>
              );
            })}
          </div>
        </fieldset>
        {LISTS.map((list) => (
          <ListInput key={list.key} label={list.label} placeholder={list.placeholder} empty={list.empty} hint={list.hint} items={prefs[list.key]} onChange={(items) => set({ [list.key]: items })} />
        ))}
        <SpiceSlider value={prefs.spiceLevel} onChange={(spiceLevel) => set({ spiceLevel })} />
        <div className="prefs-form__choices">
          <Field label="Preferred Difficulty" id="profile-difficulty" hint={`Until you choose, ${DEFAULT_DIFFICULTY_PREFERENCE} is assumed.`}>
            {(control) => (
              <Select
                {...control}
                ref={difficultySelect}
                placeholder={`${DEFAULT_DIFFICULTY_PREFERENCE} (default)`}
                options={DIFFICULTY_OPTIONS}
                value={prefs.difficultyPreference ?? ""}
                onChange={(e) => set({ difficultyPreference: cookingProfileInput.shape.difficultyPreference.parse(e.target.value) })}
              />
            )}
          </Field>
          <Field label="Cooking Time" id="profile-cooking-time" hint="How long you like to spend on a meal: your cooking style in Smart insights.">
            {(control) => (
              <Select
                {...control}
                ref={cookingTimeSelect}
                placeholder="Not set"
                options={COOKING_TIME_OPTIONS}
                value={prefs.cookingTimePreference ?? ""}
                onChange={(e) => set({ cookingTimePreference: cookingProfileInput.shape.cookingTimePreference.parse(e.target.value) })}
              />
            )}
          </Field>
        </div>
        <div>
          <Button onClick={() => save.mutate(prefs)} disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Preferences"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** A list with an input: Enter or Add adds the trimmed text (empty and repeated entries are ignored). */
function ListInput({ label, placeholder, empty, hint, items, onChange }: { label: string; placeholder: string; empty: string; hint?: string; items: string[]; onChange: (items: string[]) => void }) {
  const [text, setText] = useState("");
  const inputId = useId();
  const hintId = useId();
  const add = () => {
    const next = addListEntry(items, text.slice(0, PROFILE_LIMITS.listItemMax));
    if (next.length !== items.length) onChange(next);
    setText("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="prefs-list">
      <label htmlFor={inputId} className="label">
        {label}
      </label>
      <div className="prefs-list__entry">
        <Input id={inputId} value={text} placeholder={placeholder} maxLength={PROFILE_LIMITS.listItemMax} aria-describedby={hint ? hintId : undefined} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
        <Button variant="outline" onClick={add} aria-label={`Add to ${label}`}>
          Add
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted small">{empty}</p>
      ) : (
        <ul role="list" className="prefs-list__items" aria-label={label}>
          {items.map((item) => (
            <li key={item}>
              <Badge variant="secondary" className="prefs-list__item">
                {item}
                <button type="button" className="prefs-list__remove" aria-label={`Remove ${item}`} onClick={() => onChange(items.filter((i) => i !== item))}>
                  <CloseIcon size={12} />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Spice tolerance 0-5 as a native range input (keyboard and screen-reader ready), each step named (SPICE_LABELS). */
function SpiceSlider({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="spice">
      <label htmlFor={id} className="label">
        Spice Tolerance: <strong>{SPICE_LABELS[value]}</strong>
      </label>
      <input
        id={id}
        type="range"
        className="spice__range"
        min={PROFILE_LIMITS.spiceMin}
        max={PROFILE_LIMITS.spiceMax}
        step={1}
        value={value}
        aria-valuetext={`${value}: ${SPICE_LABELS[value]}`}
        onChange={(e) => onChange(Number(e.target.value))}
        list={`${id}-marks`}
      />
      <datalist id={`${id}-marks`}>
        {SPICE_LABELS.map((label, level) => (
          <option key={label} value={level} label={label} />
        ))}
      </datalist>
      <div className="spice__labels" aria-hidden="true">
        {SPICE_LABELS.map((label, level) => (
          <span key={label} className={level === value ? "is-current" : undefined}>
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}

type CuisineRecommendation = RouterOutputs["profile"]["cuisineRecommendations"][number];

/** Personalized Cuisine Recommendations (premium): cuisines and recipes chosen from the cook's own data. */
function CuisineRecommendations({ isPremium }: { isPremium: boolean }) {
  const recommendations = trpc.profile.cuisineRecommendations.useQuery(undefined, { enabled: isPremium, staleTime: 5 * 60_000 });
  return (
    <Card className="cuisine-recs">
      <CardHeader>
        <CardTitle as="h2">
          <SparklesIcon size={18} /> Personalized Cuisine Recommendations
        </CardTitle>
        <CardDescription>From your favorite cuisines, your pantry and the recipes you save and cook.</CardDescription>
      </CardHeader>
      <CardContent>
        {!isPremium ? (
          <div className="premium-gate">
            <Badge variant="premium">Premium Coming Soon</Badge>
            <p className="muted">Upgrade to premium for personalized cuisine and restaurant recommendations</p>
          </div>
        ) : recommendations.isPending ? (
          <div className="stack" aria-hidden="true">
            <Skeleton height={64} />
            <Skeleton height={64} />
          </div>
        ) : recommendations.isError ? (
          <p className="muted small">Couldn't load your recommendations. {errorMessage(recommendations.error, "")}</p>
        ) : recommendations.data.length === 0 ? (
          <p className="muted">Pick a few favorite cuisines above, add items to your pantry or save recipes, and we'll suggest what to cook next.</p>
        ) : (
          <ul role="list" className="cuisine-recs__list">
            {recommendations.data.map((rec) => (
              <CuisineItem key={rec.cuisine} rec={rec} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CuisineItem({ rec }: { rec: CuisineRecommendation }) {
  return (
    <li className="cuisine-rec">
      <h3 className="cuisine-rec__title">{rec.cuisine}</h3>
      <p className="cuisine-rec__reasons muted small">{rec.reasons.join(" · ")}</p>
      <ul role="list" className="cuisine-rec__recipes">
        {rec.recipes.map((recipe) => (
          <li key={recipe.id}>
            <Link to="/recipes/$id" params={{ id: String(recipe.id) }}>
              {recipe.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
