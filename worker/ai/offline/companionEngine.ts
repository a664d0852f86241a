/**
 * The cooking companion's offline engine: a real assistant for what home cooks ask most, answering only from
 * the cook's data and trusted tables, and saying plainly when it does not know.
 *
 * - What can I make / what expires / quick meals / party food: the recipe matcher (domain/matching.ts) over the
 *   library and the cook's recipes, soon-expiring items weighted up, allergens and profile diets excluded
 *   (domain/preferences.ts), dislikes ranked down.
 * - Substitutions: the curated table with ratios (domain/substitutions.ts), minus options with an allergen.
 * - Safe internal temperatures and storage times: USDA FoodKeeper (domain/foodSafety.ts, domain/shelfLife.ts).
 * - Unit and oven-temperature conversion (domain/units.ts), scaling (domain/scale.ts).
 * - Grocery list and meal plan: proposed actions the cook confirms; nothing is written here.
 *
 * Everything from the cook's data is printed with escapeMarkdown, so a pantry item's name can never become a
 * link, HTML or an instruction. Pure: no I/O.
 */
import type { CompanionChatInput, CompanionChatOutput, CompanionKitchen, CompanionRecipe, ProposedAction } from "../tasks/companionChat";
import { detectIntent, QUICK_PROMPTS, type CompanionIntent } from "../../domain/companionIntents";
import { escapeMarkdown } from "../../domain/companionSafety";
import { addDays } from "../../domain/dates";
import { EXPIRING_SOON_DAYS } from "../../domain/expiry";
import { celsiusToFahrenheit, fahrenheitToCelsius, safeTemperatureFor, storageTipsFor } from "../../domain/foodSafety";
import { foodNameKey } from "../../domain/foodNames";
import { parseIngredientLine } from "../../domain/ingredients";
import { ingredientAvailability, isAlwaysAvailable, rankRecipesForPantry, type PantryItemLike } from "../../domain/matching";
import { recipeFit, withDislikePenalty, type RecipeFit } from "../../domain/preferences";
import { isComponentRecipe } from "../../domain/recipeTags";
import { formatAmount, formatQuantity, scaleIngredients } from "../../domain/scale";
import { estimateExpiry, matchShelfLifeProduct } from "../../domain/shelfLife";
import { substitutionsFor } from "../../domain/substitutions";
import { convert, unitLabel } from "../../domain/units";
import type { StorageLocation } from "../../domain/constants";

type Answer = CompanionChatOutput;

const md = escapeMarkdown;
const recipeLink = (recipe: Pick<CompanionRecipe, "id" | "title">) => `[${md(recipe.title)}](/recipes/${recipe.id})`;
const totalMinutes = (r: CompanionRecipe) => (r.prepTime === null && r.cookTime === null ? null : (r.prepTime ?? 0) + (r.cookTime ?? 0));
const lower = (name: string) => md(name.trim().toLowerCase());

export function expiresPhrase(days: number): string {
  if (days < 0) return days === -1 ? "expired yesterday" : `expired ${-days} days ago`;
  if (days === 0) return "expires today";
  if (days === 1) return "expires tomorrow";
  return `expires in ${days} days`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function answer(response: string, suggestions: string[], actions: ProposedAction[] = []): Answer {
  return { response: response.trim(), suggestions: [...new Set(suggestions)].slice(0, 4), actions: actions.slice(0, 5) };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the kitchen

function expiringSoon(kitchen: CompanionKitchen) {
  return kitchen.pantry
    .filter((item) => item.daysLeft !== null && item.daysLeft >= 0 && item.daysLeft <= EXPIRING_SOON_DAYS)
    .sort((a, b) => a.daysLeft! - b.daysLeft!);
}

function usablePantry(kitchen: CompanionKitchen): PantryItemLike[] {
  return kitchen.pantry.filter((item) => item.daysLeft === null || item.daysLeft >= 0).map((item) => ({ id: item.id, name: item.name, expirationDate: item.expirationDate }));
}

type Candidate = { recipe: CompanionRecipe; fit: RecipeFit };

/** Dishes the cook can eat: no allergen, profile diets met, not a sauce or dough on its own. */
function eatable(kitchen: CompanionKitchen, filter: (recipe: CompanionRecipe) => boolean = () => true): Candidate[] {
  return kitchen.recipes
    .filter((recipe) => recipe.ingredients.length > 0 && filter(recipe) && !isComponentRecipe({ title: recipe.title, tags: recipe.tags }))
    .map((recipe) => ({ recipe, fit: recipeFit(recipe.ingredients, kitchen.preferences, recipe.servings) }))
    .filter((c) => c.fit.fits);
}

type Ranked = ReturnType<typeof rankRecipesForPantry<CompanionRecipe>>[number] & { fit: RecipeFit; adjusted: number };

function rank(kitchen: CompanionKitchen, candidates: Candidate[], focus: string | null = null): Ranked[] {
  const fits = new Map(candidates.map((c) => [c.recipe.id, c.fit]));
  const focusKey = focus ? foodNameKey(focus) : null;
  return rankRecipesForPantry(candidates.map((c) => c.recipe), usablePantry(kitchen), kitchen.today)
    .map((r) => {
      const fit = fits.get(r.recipe.id)!;
      const usesFocus = focusKey !== null && r.recipe.ingredients.some((i) => foodNameKey(i.name).includes(focusKey));
      const liked = kitchen.savedRecipeIds.includes(r.recipe.id) ? 0.05 : 0;
      return { ...r, fit, adjusted: withDislikePenalty(r.score + liked + (usesFocus ? 1 : 0) + 0.05 * fit.favorites.length, fit.dislikes.length) };
    })
    .sort((a, b) => b.adjusted - a.adjusted || b.coverage - a.coverage || a.missing.length - b.missing.length);
}

function findRecipe(kitchen: CompanionKitchen, name: string | null, history: CompanionChatInput["history"]): CompanionRecipe | null {
  if (name) {
    const key = name.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();
    const titled = (r: CompanionRecipe) => r.title.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();
    const saved = kitchen.recipes.filter((r) => kitchen.savedRecipeIds.includes(r.id) || r.isOwn);
    const exact = [...saved, ...kitchen.recipes].find((r) => titled(r) === key);
    if (exact) return exact;
    const containing = [...saved, ...kitchen.recipes].find((r) => titled(r).includes(key) || (key.length > 5 && key.includes(titled(r))));
    if (containing) return containing;
  }
  // "Scale it", "plan that one": the first recipe of the last answer.
  for (const turn of [...history].reverse()) {
    const id = turn.recipeIds[0];
    const recipe = id === undefined ? undefined : kitchen.recipes.find((r) => r.id === id);
    if (recipe) return recipe;
  }
  return null;
}

function missingIngredients(kitchen: CompanionKitchen, recipe: CompanionRecipe) {
  const availability = ingredientAvailability(recipe.ingredients, usablePantry(kitchen));
  return recipe.ingredients.filter((_, i) => !availability[i]!.available);
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** "today", "tomorrow" or a weekday (the next one, today included) to yyyy-MM-dd. */
export function resolveDay(day: string | null, today: string): string {
  if (!day || day === "today") return today;
  if (day === "tomorrow") return addDays(today, 1);
  const target = WEEKDAYS.indexOf(day);
  if (target < 0) return today;
  const current = new Date(`${today}T00:00:00Z`).getUTCDay();
  return addDays(today, (target - current + 7) % 7);
}

function dayWords(date: string, today: string): string {
  if (date === today) return "today";
  if (date === addDays(today, 1)) return "tomorrow";
  return `on ${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!.replace(/^./, (c) => c.toUpperCase())} (${date})`;
}

function preferenceNote(kitchen: CompanionKitchen): string {
  const { allergies, dietaryRestrictions, dislikedFoods } = kitchen.preferences;
  const parts: string[] = [];
  if (allergies.length) parts.push("nothing with your allergens");
  if (dietaryRestrictions.length) parts.push(`${list(dietaryRestrictions.map(md))} where I can check it`);
  if (dislikedFoods.length) parts.push("dishes with foods you dislike ranked last");
  return parts.length ? `\n\n_Chosen for your profile: ${list(parts)}._` : "";
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

function recipeLine(r: Ranked, index: number): string {
  const minutes = totalMinutes(r.recipe);
  const uses = r.usesExpiring.filter((e) => e.daysLeft >= 0).slice(0, 2).map((e) => `${lower(e.name)} (${expiresPhrase(e.daysLeft)})`);
  const have = r.total > 0 ? `${r.matched} of ${r.total} ingredients in your pantry` : "";
  const still = r.missing.length ? `; you'd still need ${list(r.missing.slice(0, 4).map(lower))}${r.missing.length > 4 ? " and more" : ""}` : "";
  const time = minutes ? ` · ${minutes} min` : "";
  return `${index + 1}. **${recipeLink(r.recipe)}**${time} — ${uses.length ? `uses your ${list(uses)}, ` : ""}${have}${still}`;
}

function whatCanIMake(input: CompanionChatInput, focus: string | null): Answer {
  const { kitchen } = input;
  const soon = expiringSoon(kitchen);
  if (kitchen.pantry.length === 0) {
    return answer(
      "Your pantry is empty, so I can't match recipes to what you have yet. Add a few items on the [Pantry](/pantry) page (or scan a receipt) and ask me again: I'll pick recipes that use what expires first.",
      ["Suggest a quick meal I can make in 30 minutes", "Give me some cooking tips"],
    );
  }
  const ranked = rank(kitchen, eatable(kitchen), focus).filter((r) => r.matched > 0);
  if (ranked.length === 0) {
    return answer(
      "I couldn't find a recipe in your collection that uses what's in your pantry and fits your profile. Try generating one from your pantry on the [Recipes](/recipes?action=generate) page.",
      ["What's expiring soon?", "Give me some cooking tips"],
    );
  }
  const top = ranked.slice(0, 3);
  const intro = soon.length
    ? `You have ${list(soon.slice(0, 2).map((item) => `**${lower(item.name)}** that ${expiresPhrase(item.daysLeft!)}`))}${soon.length > 2 ? ` (and ${soon.length - 2} more expiring this week)` : ""}. Here's what I'd cook:`
    : focus
      ? `Here's what you can make with ${md(focus)} and what you have:`
      : "Here's what you can make with what you have:";
  const first = top[0]!;
  const missing = first.missing.filter((name) => !isAlwaysAvailable(name));
  const actions: ProposedAction[] = top.map((r) => ({ type: "open_recipe" as const, recipeId: r.recipe.id }));
  actions.push({ type: "plan_meal", recipeId: first.recipe.id, title: first.recipe.title, date: kitchen.today, mealType: "dinner" });
  if (missing.length) actions.push({ type: "add_to_grocery_list", items: missing.slice(0, 20).map((name) => ({ name, quantity: null, unit: null })) });
  const suggestions = [
    missing.length ? `Add the missing ingredients for ${first.recipe.title} to my grocery list` : `Plan ${first.recipe.title} for dinner tomorrow`,
    `Scale ${first.recipe.title} for ${kitchen.householdSize && kitchen.householdSize !== first.recipe.servings ? kitchen.householdSize : 6} people`,
    soon[0] ? `How long does ${soon[0].name.trim().toLowerCase()} keep?` : "Suggest a quick meal I can make in 30 minutes",
    "Suggest a quick meal I can make in 30 minutes",
  ];
  return answer(`${intro}\n\n${top.map(recipeLine).join("\n")}${preferenceNote(kitchen)}`, suggestions, actions);
}

function expiring(input: CompanionChatInput): Answer {
  const { kitchen } = input;
  const soon = expiringSoon(kitchen);
  const expired = kitchen.pantry.filter((item) => item.daysLeft !== null && item.daysLeft < 0);
  if (soon.length === 0) {
    const none = expired.length
      ? `Nothing expires in the next ${EXPIRING_SOON_DAYS} days. ${expired.length === 1 ? "One item is" : `${expired.length} items are`} already past its date: ${list(expired.slice(0, 3).map((item) => `**${lower(item.name)}** (${expiresPhrase(item.daysLeft!)})`))}; check it before eating.`
      : `Nothing in your pantry expires in the next ${EXPIRING_SOON_DAYS} days.`;
    return answer(none, ["What can I make with what I have?", "Suggest a quick meal I can make in 30 minutes"]);
  }
  const lines = soon.slice(0, 8).map((item) => `- **${md(item.name)}** ${expiresPhrase(item.daysLeft!)}${item.storageLocation ? ` (${md(item.storageLocation)})` : ""}`);
  const best = rank(kitchen, eatable(kitchen)).find((r) => r.usesExpiring.length > 0);
  const tip = best ? `\n\nTo use ${best.usesExpiring.length > 1 ? "some of them" : "it"} up, try **${recipeLink(best.recipe)}**: it uses your ${list(best.usesExpiring.slice(0, 3).map((e) => lower(e.name)))}.` : "";
  const actions: ProposedAction[] = best ? [{ type: "open_recipe", recipeId: best.recipe.id }] : [];
  return answer(`Use these first:\n\n${lines.join("\n")}${tip}`, ["What can I make with what I have?", `How long does ${soon[0]!.name.trim().toLowerCase()} keep?`, `Can I freeze ${soon[0]!.name.trim().toLowerCase()}?`], actions);
}

function quickMeals(input: CompanionChatInput, maxMinutes: number): Answer {
  const { kitchen } = input;
  const quick = rank(
    kitchen,
    eatable(kitchen, (r) => {
      const minutes = totalMinutes(r);
      return minutes !== null && minutes > 0 && minutes <= maxMinutes && r.mealType !== "dessert" && r.mealType !== "snack";
    }),
  );
  if (quick.length === 0) {
    return answer(`I don't have a recipe that fits your profile and takes ${maxMinutes} minutes or less. Try a longer time, or generate one on the [Recipes](/recipes?action=generate) page with difficulty "easy".`, [
      "What can I make with what I have?",
      "Suggest a quick meal I can make in 45 minutes",
    ]);
  }
  const top = quick.slice(0, 3);
  const lines = top.map((r, i) => {
    const uses = r.matched > 0 ? ` — uses ${r.matched} of ${r.total} ingredients you have` : "";
    const expiringUse = r.usesExpiring.find((e) => e.daysLeft >= 0);
    return `${i + 1}. **${recipeLink(r.recipe)}** · ${totalMinutes(r.recipe)} min${uses}${expiringUse ? `, including your ${lower(expiringUse.name)} (${expiresPhrase(expiringUse.daysLeft)})` : ""}`;
  });
  const first = top[0]!;
  return answer(
    `Ready in ${maxMinutes} minutes or less:\n\n${lines.join("\n")}${preferenceNote(kitchen)}`,
    [`Plan ${first.recipe.title} for dinner tonight`, "What can I make with what I have?", "Give me some cooking tips"],
    [...top.map((r) => ({ type: "open_recipe" as const, recipeId: r.recipe.id })), { type: "plan_meal", recipeId: first.recipe.id, title: first.recipe.title, date: kitchen.today, mealType: "dinner" }],
  );
}

const PARTY_TAGS = new Set(["snack", "spread", "appetizer", "appetizers", "party", "dip", "finger food", "tapas", "side"]);

function partyFood(input: CompanionChatInput, guests: number | null): Answer {
  const { kitchen } = input;
  const party = rank(kitchen, eatable(kitchen, (r) => r.mealType === "appetizer" || r.mealType === "snack" || r.tags.some((t) => PARTY_TAGS.has(t.toLowerCase()))));
  if (party.length === 0) {
    return answer("I don't have party recipes that fit your profile in your collection yet. Import a favourite from a link on the [Recipes](/recipes) page and I can scale it for your guests.", ["What can I make with what I have?"]);
  }
  const top = party.slice(0, 4);
  const people = guests ?? null;
  const lines = top.map((r, i) => {
    const serves = r.recipe.servings;
    const scale = people && serves ? ` — serves ${serves} as written; make it ×${formatQuantity(Math.ceil((people / serves) * 2) / 2)} for ${people}` : serves ? ` — serves ${serves}` : "";
    return `${i + 1}. **${recipeLink(r.recipe)}**${scale}${r.matched > 0 ? ` (${r.matched} of ${r.total} ingredients in your pantry)` : ""}`;
  });
  const guestsText = people ? ` for ${people} guests` : "";
  return answer(
    `Party food${guestsText} from your recipes:\n\n${lines.join("\n")}\n\nMake-ahead tip: dips and spreads keep covered in the fridge for a day; keep cold dishes out of the fridge for no more than 2 hours.${preferenceNote(kitchen)}`,
    [people ? `Scale ${top[0]!.recipe.title} for ${people} people` : `Scale ${top[0]!.recipe.title} for 12 people`, "Add the missing ingredients for " + top[0]!.recipe.title + " to my grocery list", "Suggest a quick meal I can make in 30 minutes"],
    top.map((r) => ({ type: "open_recipe" as const, recipeId: r.recipe.id })),
  );
}

function substitution(input: CompanionChatInput, food: string | null): Answer {
  if (!food) return answer("Which ingredient do you need to replace? For example: \"What can I use instead of buttermilk?\"", ["Substitute for buttermilk", "Substitute for eggs", "Substitute for heavy cream"]);
  const found = substitutionsFor(food, input.kitchen.preferences.allergies);
  if (!found) {
    return answer(
      `I don't have a tested substitute for **${md(food)}**, so I'd rather not guess. I know swaps for common ingredients such as buttermilk, eggs, butter, cream, sour cream, brown sugar, self-rising flour, baking powder, wine, stock and fresh herbs.`,
      ["Substitute for buttermilk", "Substitute for eggs", "What can I make with what I have?"],
    );
  }
  const { entry, options, withheld } = found;
  if (options.length === 0) {
    return answer(`Every substitute I know for **${md(entry.food)}** uses one of your allergens, so I can't recommend one. It may be best to choose a recipe without it.`, ["What can I make with what I have?"]);
  }
  const lines = options.map((o) => `- ${md(o.text).replace(/\\([+()])/g, "$1")}`);
  const withheldNote = withheld ? `\n\n_${withheld === 1 ? "One option was" : `${withheld} options were`} left out because ${withheld === 1 ? "it uses" : "they use"} one of your allergens._` : "";
  return answer(`Instead of **${md(entry.food)}**:\n\n${lines.join("\n")}${entry.note ? `\n\n${md(entry.note).replace(/\\([+()])/g, "$1")}` : ""}${withheldNote}`, ["What can I make with what I have?", "Give me some cooking tips"]);
}

function safeTemperature(food: string | null): Answer {
  if (!food) return answer("Which food are you cooking? For example: \"What's the safe internal temperature for chicken?\"", ["Safe temperature for chicken", "Safe temperature for pork chops", "Safe temperature for burgers"]);
  const found = safeTemperatureFor(food);
  if (!found) {
    return answer(
      `I don't have USDA cooking guidance for **${md(food)}**, so I won't guess. The USDA safe minimum internal temperatures are 165 °F (74 °C) for poultry and leftovers, 160 °F (71 °C) for ground meat and egg dishes, and 145 °F (63 °C) for whole cuts of beef, pork, veal, lamb and for fish. Check with a food thermometer in the thickest part.`,
      ["Safe temperature for chicken", "How long does cooked rice keep?"],
    );
  }
  const lines: string[] = [];
  if (found.tempF !== null) {
    lines.push(`**${md(found.food)}**: cook to a safe minimum internal temperature of **${found.tempF} °F (${found.tempC} °C)**${found.restMinutes ? `, then let it rest for ${found.restMinutes} minutes before carving or eating` : ""}.`);
  } else {
    lines.push(`**${md(found.food)}**: USDA gives no thermometer temperature; cook until it looks done as described below.`);
  }
  if (found.tip) lines.push(md(found.tip));
  for (const other of found.otherCuts.slice(0, 2)) lines.push(`${md(other.food)}: ${other.tempF} °F (${fahrenheitToCelsius(other.tempF)} °C)${other.restMinutes ? ` with a ${other.restMinutes}-minute rest` : ""}.`);
  lines.push("Use a food thermometer in the thickest part, away from bone. _Source: USDA FoodKeeper._");
  return answer(lines.join("\n\n"), ["How long do leftovers keep in the fridge?", "What can I make with what I have?"]);
}

const PLACE_WORDS: Record<StorageLocation, string> = { pantry: "in the pantry", fridge: "in the fridge", freezer: "in the freezer" };

function storage(input: CompanionChatInput, food: string | null, place: StorageLocation | null): Answer {
  if (!food) return answer("Which food do you want to store? For example: \"How long does milk last in the fridge?\"", ["How long does milk last in the fridge?", "Can I freeze bread?"]);
  const product = matchShelfLifeProduct(food);
  if (!product) {
    return answer(`I couldn't find **${md(food)}** in the USDA FoodKeeper data, so I can't say how long it keeps. Check the package date, and when in doubt, throw it out.`, ["What's expiring soon?"]);
  }
  const places: StorageLocation[] = place ? [place] : ["pantry", "fridge", "freezer"];
  const lines: string[] = [];
  for (const where of places) {
    const estimate = estimateExpiry({ name: food, storageLocation: where, purchaseDate: input.kitchen.today });
    if (estimate.source !== "foodkeeper") continue;
    lines.push(`- ${PLACE_WORDS[where].replace(/^./, (c) => c.toUpperCase())}: **${md(estimate.rangeText)}**`);
  }
  if (lines.length === 0) {
    return answer(`USDA FoodKeeper lists **${md(product.name)}** but gives no storage time ${place ? PLACE_WORDS[place] : "for it"}. Check the package, and when in doubt, throw it out.`, ["What's expiring soon?"]);
  }
  const tips = storageTipsFor(product.id);
  const tipLines = (place ? [tips[place]] : [tips.pantry, tips.fridge, tips.freezer]).filter((t): t is string => Boolean(t)).map((t) => md(t));
  const key = foodNameKey(food);
  const mine = input.kitchen.pantry.find((item) => foodNameKey(item.name) === key || foodNameKey(item.name).includes(key));
  const yours = mine && mine.daysLeft !== null ? `\n\nYour **${md(mine.name)}** ${PLACE_WORDS[mine.storageLocation as StorageLocation] ?? ""} ${expiresPhrase(mine.daysLeft)}.` : "";
  return answer(
    `**${md(product.name)}** keeps for:\n\n${lines.join("\n")}${tipLines.length ? `\n\n${tipLines.join(" ")}` : ""}${yours}\n\n_Source: USDA FoodKeeper. Times are for quality and safety from purchase; opened packages keep less._`,
    ["What's expiring soon?", "What can I make with what I have?"],
  );
}

function conversion(intent: Extract<CompanionIntent, { kind: "conversion" }>): Answer {
  const value = convert(intent.quantity, intent.from, intent.to, intent.food ?? undefined);
  const amount = (n: number, unit: string) => `${formatQuantity(n, unit)} ${unitLabel(unit, n)}`;
  const what = intent.food ? ` ${md(intent.food)}` : "";
  if (value === null) {
    const reason = intent.food
      ? `I don't know the density of ${md(intent.food)}, so I can't turn ${unitLabel(intent.from, 2)} into ${unitLabel(intent.to, 2)} for it reliably.`
      : `${unitLabel(intent.from, 2)} and ${unitLabel(intent.to, 2)} measure different things (volume and weight); tell me the ingredient, e.g. "how many grams in a cup of flour".`;
    return answer(`${reason} I can convert within volume (cups, tbsp, tsp, ml, l) or weight (g, kg, oz, lb) for anything, and between them for common baking ingredients like flour, sugar, butter, rice and oats.`, ["How many grams in a cup of flour?", "How many tablespoons in a cup?"]);
  }
  return answer(`**${amount(intent.quantity, intent.from)}${what} = ${amount(value, intent.to)}**${intent.food && value !== null && intent.from !== intent.to ? "" : ""}`, ["How many tablespoons in a cup?", "What is 350F in celsius?"]);
}

function temperatureConversion(intent: Extract<CompanionIntent, { kind: "temperature_conversion" }>): Answer {
  const result = intent.from === "F" ? `${intent.value} °F = **${fahrenheitToCelsius(intent.value)} °C**` : `${intent.value} °C = **${celsiusToFahrenheit(intent.value)} °F**`;
  return answer(`${result}\n\nFan (convection) ovens run hotter: set them about 25 °F (15-20 °C) lower.`, ["How many grams in a cup of flour?", "What's the safe internal temperature for chicken?"]);
}

function scale(input: CompanionChatInput, intent: Extract<CompanionIntent, { kind: "scale" }>): Answer {
  const recipe = findRecipe(input.kitchen, intent.recipe, input.history);
  if (!recipe) {
    return answer(`${intent.recipe ? `I couldn't find a recipe called **${md(intent.recipe)}** in your recipes.` : "Which recipe should I scale?"} Name one of your saved recipes, e.g. "Scale Pancakes for 6 people".`, ["What can I make with what I have?"]);
  }
  const from = recipe.servings ?? null;
  const to = intent.servings ?? (intent.factor && from ? from * intent.factor : null) ?? input.kitchen.householdSize;
  if (!to) return answer(`How many people should **${recipeLink(recipe)}** serve?`, [`Scale ${recipe.title} for 4 people`, `Double ${recipe.title}`]);
  const base = from ?? (intent.factor ? 1 : null);
  const target = from ? to : intent.factor ?? null;
  if (base === null || target === null) {
    return answer(`**${recipeLink(recipe)}** doesn't say how many it serves, so I can't scale it to ${to} people. Tell me a factor instead, e.g. "double it".`, [`Double ${recipe.title}`]);
  }
  const scaled = scaleIngredients(recipe.ingredients.map((i) => ({ ...i, quantityMax: null })), base, target);
  const lines = scaled.map((i) => `- ${i.quantity !== null ? `${formatAmount(i.quantity, null, i.unit)} ` : ""}${md(i.name)}`);
  const heading = from ? `**${recipeLink(recipe)}** for ${to} (it serves ${from} as written):` : `**${recipeLink(recipe)}** ×${formatQuantity(target)}:`;
  return answer(`${heading}\n\n${lines.join("\n")}\n\nCooking times stay about the same; a larger batch in a bigger pan may need a few extra minutes.`, [`Plan ${recipe.title} for dinner tomorrow`, `Add the missing ingredients for ${recipe.title} to my grocery list`], [{ type: "open_recipe", recipeId: recipe.id }]);
}

function groceryAdd(input: CompanionChatInput, intent: Extract<CompanionIntent, { kind: "grocery_add" }>): Answer {
  const { kitchen } = input;
  let items: { name: string; quantity: number | null; unit: string | null }[];
  let intro: string;
  if (intent.missingFor !== null || intent.items.length === 0) {
    const recipe = findRecipe(kitchen, intent.missingFor, input.history);
    if (!recipe) return answer("Which recipe's ingredients should I add? Name one of your recipes, or list the items: \"Add milk and eggs to my grocery list\".", []);
    const missing = missingIngredients(kitchen, recipe).filter((i) => !isAlwaysAvailable(i.name));
    if (missing.length === 0) return answer(`You already have everything for **${recipeLink(recipe)}** in your pantry.`, [`Plan ${recipe.title} for dinner tonight`], [{ type: "open_recipe", recipeId: recipe.id }]);
    items = missing.slice(0, 20).map((i) => ({ name: i.name, quantity: i.quantity, unit: i.unit }));
    intro = `For **${recipeLink(recipe)}** you're missing:`;
  } else {
    items = intent.items.slice(0, 20).map((text) => {
      const parsed = parseIngredientLine(text);
      return { name: (parsed.name || text).slice(0, 60), quantity: parsed.quantity, unit: parsed.unit };
    });
    intro = "I can add these to your grocery list:";
  }
  const lines = items.map((i) => `- ${i.quantity !== null ? `${formatAmount(i.quantity, null, i.unit)} ` : ""}${md(i.name)}`);
  return answer(`${intro}\n\n${lines.join("\n")}\n\nConfirm below and I'll add ${items.length === 1 ? "it" : "them"} to your grocery list.`, ["What can I make with what I have?"], [{ type: "add_to_grocery_list", items }]);
}

function planMeal(input: CompanionChatInput, intent: Extract<CompanionIntent, { kind: "plan_meal" }>): Answer {
  const { kitchen } = input;
  const date = resolveDay(intent.day, kitchen.today);
  let recipe = findRecipe(kitchen, intent.recipe, input.history);
  if (!recipe) recipe = rank(kitchen, eatable(kitchen)).find((r) => r.matched > 0)?.recipe ?? null;
  if (!recipe) return answer("Which recipe should I plan? Name one of your recipes, e.g. \"Plan Pancakes for breakfast tomorrow\".", ["What can I make with what I have?"]);
  const fit = recipeFit(recipe.ingredients, kitchen.preferences, recipe.servings);
  if (!fit.safe) return answer(`**${md(recipe.title)}** contains one of your allergens, so I won't plan it. Ask me what you can make instead.`, ["What can I make with what I have?"]);
  const taken = kitchen.mealPlan.find((m) => m.date === date && m.mealType === intent.mealType);
  const clash = taken ? `\n\nYou already have ${md(taken.title)} planned for ${intent.mealType} then; confirming adds this one too.` : "";
  return answer(
    `I can plan **${recipeLink(recipe)}** for ${intent.mealType} ${dayWords(date, kitchen.today)}. Confirm below to add it to your meal plan.${clash}`,
    [`Add the missing ingredients for ${recipe.title} to my grocery list`, "What's on my meal plan?"],
    [{ type: "plan_meal", recipeId: recipe.id, title: recipe.title, date, mealType: intent.mealType }, { type: "open_recipe", recipeId: recipe.id }],
  );
}

function mealPlanView(input: CompanionChatInput): Answer {
  const { kitchen } = input;
  const upcoming = kitchen.mealPlan.filter((m) => m.date >= kitchen.today).slice(0, 10);
  if (upcoming.length === 0) return answer("Nothing is planned for the coming week. Want me to suggest something from your pantry?", ["What can I make with what I have?", "Plan a meal for tonight"]);
  const lines = upcoming.map((m) => `- ${dayWords(m.date, kitchen.today).replace(/^./, (c) => c.toUpperCase())}, ${md(m.mealType)}: ${m.recipeId ? `[${md(m.title)}](/recipes/${m.recipeId})` : md(m.title)}`);
  return answer(`Your meal plan:\n\n${lines.join("\n")}\n\nSee it all on the [Meal Plans](/meal-plans) page.`, ["What can I make with what I have?"]);
}

/** Short technique notes by topic, kept to what is standard kitchen practice. */
const TECHNIQUES: { topic: RegExp; tip: string }[] = [
  { topic: /\brice\b/, tip: "Rinse white rice until the water runs clear, then simmer 1 part rice to 1 1/2-2 parts water, covered, for 15-18 minutes and rest it 10 minutes off the heat. Cool leftover rice quickly and refrigerate it within 1 hour." },
  { topic: /\bpasta\b|\bspaghetti\b|\bnoodles?\b/, tip: "Use plenty of well-salted boiling water, stir in the first minute, and save a cup of the starchy water: a splash makes sauces cling." },
  { topic: /\bonions?\b|\bchop|\bknife\b|\bdice\b/, tip: "Keep the knife sharp and curl your fingertips on the guiding hand. For an onion, halve it through the root, peel, make vertical cuts toward the root, then slice across." },
  { topic: /\bsteak\b|\bsear\b/, tip: "Pat the meat dry, salt it ahead, heat the pan until very hot, and don't move it until it releases. Rest it before slicing; USDA's safe minimum is 145 °F (63 °C) plus a 3-minute rest." },
  { topic: /\beggs?\b|\bomelet/, tip: "Cook scrambled eggs low and slow, stirring, and take them off while still glossy. For hard-boiled eggs, simmer 10-12 minutes and cool them in cold water." },
  { topic: /\bchicken\b/, tip: "Dry the skin for crisp results, and check the thickest part with a thermometer: 165 °F (74 °C) is USDA's safe minimum. Don't rinse raw chicken, it spreads bacteria." },
  { topic: /\bbread\b|\bdough\b|\bbak/, tip: "Weigh flour rather than scooping it, check your oven with an oven thermometer, and let bakes cool before slicing so the crumb sets." },
  { topic: /\bvegetables?\b|\broast\b/, tip: "Cut vegetables to the same size, toss with oil and salt, and roast spread out in one layer at 425 °F (220 °C) so they brown instead of steaming." },
  { topic: /\bsoup\b|\bstock\b/, tip: "Build flavour by browning onions and aromatics first, simmer gently rather than boil, and season at the end once it has reduced." },
  { topic: /\bsalt\b|\bseason/, tip: "Season in layers as you cook and taste before serving; acid (a squeeze of lemon or a splash of vinegar) brightens a flat dish as much as salt does." },
  { topic: /\bfreez|\bleftover/, tip: "Cool food quickly, refrigerate within 2 hours, and label containers with the date. Most leftovers keep 3-4 days in the fridge; reheat them to 165 °F (74 °C)." },
];

const SKILL_TIPS: Record<CompanionKitchen["skillLevel"], string[]> = {
  Beginner: [
    "Read the whole recipe before you start, then measure and chop everything first (mise en place).",
    "Don't crowd the pan: food browns when it has room and steams when it doesn't.",
    "Taste as you go and adjust salt at the end.",
  ],
  Intermediate: [
    "Deglaze the pan with a splash of wine, stock or water after browning: the browned bits are flavour for the sauce.",
    "Rest meat after cooking so the juices settle, and slice it across the grain.",
    "Batch-cook grains and roast a tray of vegetables on Sunday to speed up weeknight meals.",
  ],
  Advanced: [
    "Dry-brine meat with salt a day ahead for deeper seasoning and a better crust.",
    "Use the reverse sear for thick steaks: low oven to just under temperature, then a very hot pan.",
    "Finish sauces with cold butter or olive oil off the heat for a glossy emulsion.",
  ],
};

function cookingTips(input: CompanionChatInput, topic: string | null): Answer {
  const { kitchen } = input;
  if (topic) {
    const technique = TECHNIQUES.find((t) => t.topic.test(topic));
    if (!technique) {
      return answer(`I don't have a tested guide for **${md(topic)}**, so I won't make one up. I can help with rice, pasta, knife work, searing steak, eggs, chicken, baking, roasting vegetables, soup, seasoning and leftovers.`, ["Give me some cooking tips", "How do I cook rice?"]);
    }
    return answer(technique.tip, ["Give me some cooking tips", "What can I make with what I have?"]);
  }
  const soon = expiringSoon(kitchen).slice(0, 2);
  const storageTips = soon
    .map((item) => {
      const product = matchShelfLifeProduct(item.name);
      const tip = product ? storageTipsFor(product.id)[(item.storageLocation as StorageLocation) ?? "fridge"] ?? storageTipsFor(product.id).freezer : undefined;
      return tip ? `- **${md(item.name)}** (${expiresPhrase(item.daysLeft!)}): ${md(tip)}` : `- **${md(item.name)}** ${expiresPhrase(item.daysLeft!)}: cook it first, or freeze it today if it freezes well.`;
    });
  const skill = SKILL_TIPS[kitchen.skillLevel].map((tip) => `- ${tip}`);
  const sections = [`**For your level (${kitchen.skillLevel})**\n\n${skill.join("\n")}`];
  if (storageTips.length) sections.unshift(`**From your pantry**\n\n${storageTips.join("\n")}`);
  return answer(sections.join("\n\n"), ["How do I cook rice?", "What's the safe internal temperature for chicken?", "What can I make with what I have?"]);
}

function greeting(input: CompanionChatInput): Answer {
  const soon = expiringSoon(input.kitchen)[0];
  const nudge = soon ? ` By the way, your **${lower(soon.name)}** ${expiresPhrase(soon.daysLeft!)}.` : "";
  return answer(`Hi! I'm your Chef Companion. Ask me what to cook with what you have, for a substitute, how long something keeps, or a safe cooking temperature.${nudge}`, QUICK_PROMPTS.map((p) => p.message));
}

const CAPABILITIES =
  "I answer from your pantry, recipes, meal plan and preferences, plus trusted tables:\n\n- **What can I make?** Recipes that use what you have, soonest-expiring first\n- **Substitutions** with ratios (\"instead of buttermilk?\")\n- **Safe internal temperatures** and **storage times** (USDA FoodKeeper)\n- **Conversions** (\"grams in a cup of flour\", \"350F in celsius\") and **scaling** a recipe\n- **Quick meals** and **party food**\n- Adding to your **grocery list** or **meal plan** (you confirm first)";

function unknown(): Answer {
  return answer(
    `I'm not sure about that one, and I'd rather say so than guess.\n\n${CAPABILITIES}`,
    ["What can I make with what I have?", "What's expiring soon?", "Substitute for buttermilk", "Safe temperature for chicken"],
  );
}

/** The offline engine's answer to one message. */
export function answerOffline(input: CompanionChatInput): Answer {
  const intent = detectIntent(input.message);
  switch (intent.kind) {
    case "what_can_i_make":
      return whatCanIMake(input, intent.focus);
    case "expiring":
      return expiring(input);
    case "quick_meals":
      return quickMeals(input, intent.maxMinutes);
    case "party_food":
      return partyFood(input, intent.guests);
    case "substitution":
      return substitution(input, intent.food);
    case "safe_temperature":
      return safeTemperature(intent.food);
    case "storage":
      return storage(input, intent.food, intent.place);
    case "conversion":
      return conversion(intent);
    case "temperature_conversion":
      return temperatureConversion(intent);
    case "scale":
      return scale(input, intent);
    case "grocery_add":
      return groceryAdd(input, intent);
    case "plan_meal":
      return planMeal(input, intent);
    case "meal_plan_view":
      return mealPlanView(input);
    case "cooking_tips":
      return cookingTips(input, intent.topic);
    case "greeting":
      return greeting(input);
    case "help":
      return answer(CAPABILITIES, QUICK_PROMPTS.map((p) => p.message));
    default:
      return unknown();
  }
}
