/**
 * What a message to the cooking companion asks for: the intent, and the food, amounts, units, guests or day it
 * names. The offline engine answers by intent; the Workers AI prompt gets the same reading as a hint. Pure; no I/O.
 *
 * Order matters: the more specific questions (convert 350 F, internal temperature of chicken, how long does milk
 * keep, a substitute for buttermilk) are read before the broad ones (recipe ideas, tips).
 */
import type { StorageLocation } from "./constants";

/** The meal slots the companion plans. */
export type PlanMealType = "breakfast" | "lunch" | "dinner" | "snack";
import { normalizeUnit } from "./units";

export type CompanionIntent =
  | { kind: "greeting" }
  | { kind: "help" }
  | { kind: "what_can_i_make"; focus: string | null }
  | { kind: "expiring" }
  | { kind: "quick_meals"; maxMinutes: number }
  | { kind: "party_food"; guests: number | null }
  | { kind: "substitution"; food: string | null }
  | { kind: "safe_temperature"; food: string | null }
  | { kind: "storage"; food: string | null; place: StorageLocation | null }
  | { kind: "conversion"; quantity: number; from: string; to: string; food: string | null }
  | { kind: "temperature_conversion"; value: number; from: "F" | "C" }
  | { kind: "scale"; recipe: string | null; servings: number | null; factor: number | null }
  | { kind: "grocery_add"; items: string[]; missingFor: string | null }
  | { kind: "plan_meal"; recipe: string | null; day: string | null; mealType: PlanMealType }
  | { kind: "meal_plan_view" }
  | { kind: "cooking_tips"; topic: string | null }
  | { kind: "unknown" };

export type IntentKind = CompanionIntent["kind"];

/** The four quick prompts of the screen, sent as they read. */
export const QUICK_PROMPTS = [
  { label: "Recipe Ideas", message: "What can I make with what I have?" },
  { label: "Quick Meals", message: "Suggest a quick meal I can make in 30 minutes" },
  { label: "Party Food", message: "Ideas for party food for 8 guests" },
  { label: "Cooking Tips", message: "Give me some cooking tips" },
] as const;

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, half: 0.5, quarter: 0.25,
};

/** "2", "1.5", "1/2", "1 1/2", "two", "a" to a number, or null. */
export function parseAmount(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (/^\d+(?:\.\d+)?$/.test(t)) return Number(t);
  const fraction = /^(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(t);
  if (fraction && Number(fraction[3]) !== 0) return Number(fraction[1] ?? 0) + Number(fraction[2]) / Number(fraction[3]);
  return NUMBER_WORDS[t] ?? null;
}

function clean(message: string): string {
  return message
    .normalize("NFKC")
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The food a question is about: what follows its key phrase, without filler words and trailing punctuation. */
function foodAfter(text: string, pattern: RegExp): string | null {
  const match = pattern.exec(text);
  if (!match) return null;
  const rest = (match[match.length - 1] ?? "")
    .replace(/[?!.]+$/g, "")
    .replace(/\b(?:please|thanks|thank you)\b/g, "")
    .replace(/^(?:a|an|the|some|my|your|of|for|to)\s+/g, "")
    .replace(/\s+(?:in (?:a|the) recipe|in baking|when baking|for baking|in cooking|in this recipe|in my recipe)$/g, "")
    .trim();
  return rest || null;
}

const AMOUNT = String.raw`(\d+(?:\.\d+)?|\d+\s+\d+/\d+|\d+/\d+|a|an|one|two|three|four|five|six|half|quarter)`;
const UNIT_WORD = String.raw`([a-z][a-z. ]{0,18}?)`;

function readConversion(text: string): Extract<CompanionIntent, { kind: "conversion" }> | null {
  // "how many grams in a cup of flour", "how many tablespoons in a cup"
  const howMany = new RegExp(String.raw`how many ${UNIT_WORD} (?:are )?(?:in|is|make|equals?) ${AMOUNT} ${UNIT_WORD}(?: of (.+?))?\??$`).exec(text);
  if (howMany) {
    const to = normalizeUnit(howMany[1]!);
    const from = normalizeUnit(howMany[3]!);
    const quantity = parseAmount(howMany[2]!);
    if (to && from && quantity !== null) return { kind: "conversion", quantity, from, to, food: howMany[4]?.trim() || null };
  }
  // "convert 2 cups of flour to grams", "2 cups flour in grams", "what is 250 g in cups"
  const direct = new RegExp(String.raw`(?:convert |what is |what's |how much is )?${AMOUNT} ${UNIT_WORD}(?: of)?(?: (.+?))? (?:to|in|into) ${UNIT_WORD}\??$`).exec(text);
  if (direct) {
    const from = normalizeUnit(direct[2]!);
    const to = normalizeUnit(direct[4]!);
    const quantity = parseAmount(direct[1]!);
    if (from && to && quantity !== null) return { kind: "conversion", quantity, from, to, food: direct[3]?.trim() || null };
  }
  return null;
}

function readTemperatureConversion(text: string): Extract<CompanionIntent, { kind: "temperature_conversion" }> | null {
  const match = /(-?\d+(?:\.\d+)?)\s*(?:°|degrees?|deg)?\s*(f|c|fahrenheit|celsius|centigrade)\b/.exec(text);
  if (!match) return null;
  if (!/\b(?:to|in|into|convert|what is|what's|equals?|celsius|fahrenheit|centigrade)\b/.test(text.replace(match[0], " "))) return null;
  return { kind: "temperature_conversion", value: Number(match[1]), from: match[2]!.startsWith("f") ? "F" : "C" };
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

function dayIn(text: string): string | null {
  if (/\btonight\b|\btoday\b|\bthis evening\b/.test(text)) return "today";
  if (/\btomorrow\b/.test(text)) return "tomorrow";
  return WEEKDAYS.find((day) => new RegExp(`\\b${day}\\b`).test(text)) ?? null;
}

function mealTypeIn(text: string): PlanMealType {
  if (/\bbreakfast\b|\bbrunch\b/.test(text)) return "breakfast";
  if (/\blunch\b/.test(text)) return "lunch";
  if (/\bsnack\b/.test(text)) return "snack";
  return "dinner";
}

function placeIn(text: string): StorageLocation | null {
  if (/\bfreez/.test(text)) return "freezer";
  if (/\bfridge\b|\brefrigerat/.test(text)) return "fridge";
  if (/\bpantry\b|\bcupboard\b|\bcounter\b|room temperature/.test(text)) return "pantry";
  return null;
}

/** Splits "milk, eggs and 2 lb chicken" into entries. */
function listItems(text: string): string[] {
  return text
    .split(/\s*(?:,|;|\band\b|&|\+)\s*/)
    .map((item) => item.replace(/^(?:some|a few|a couple of|more|the)\s+/, "").trim())
    .filter((item) => item.length > 0 && item.length <= 60);
}

/** Reads one message. Never throws; anything it cannot place is `unknown`. */
export function detectIntent(message: string): CompanionIntent {
  const text = clean(message);
  if (!text) return { kind: "unknown" };

  const temperature = readTemperatureConversion(text);
  if (temperature && !/internal|safe|done|cook (?:it|them|chicken|pork|beef)/.test(text)) return temperature;

  const conversion = readConversion(text);
  if (conversion) return conversion;

  if (/\b(?:internal|safe|minimum|core) temp|\bsafe to eat\b|what temp(?:erature)? (?:should|to|is|for|do)|temp(?:erature)? (?:for|of|to cook)|\bhow do i know (?:when|if) .* (?:is )?(?:done|cooked)|\bis (?:my |the )?.+ (?:done|cooked enough)\b|\bundercooked\b/.test(text)) {
    const food =
      foodAfter(text, /(?:temp(?:erature)?|done|cooked)(?: should| to cook| do i cook| for| of| is)?(?: (?:a|an|the|my))? (.+)$/) ??
      foodAfter(text, /(?:is|know when|know if) (?:my |the |a )?(.+?) (?:is )?(?:done|cooked)/);
    return { kind: "safe_temperature", food: food ? food.replace(/^(?:be|cook|for|of|is)\s+/, "").replace(/\s+(?:be|to|at)$/, "") : null };
  }

  if (/\bhow long (?:does|do|can|will|is|are|should|would)\b.*\b(?:last|keep|stay|good|store|stored|fresh|be kept|in the (?:fridge|freezer|pantry))\b|\bcan i freeze\b|\bshelf life\b|\b(?:go|goes|gone|going) bad\b|\bstill good\b|\bhow (?:should|do) i store\b|\bhow to store\b|\bstore\b.*\b(?:fridge|freezer|pantry)\b/.test(text)) {
    const food =
      foodAfter(text, /how long (?:does|do|can|will|is|are|should|would) (?:a |an |the |my |opened |cooked |fresh )*(.+?) (?:last|keep|stay|be good|good|be kept|be stored|store)/) ??
      foodAfter(text, /can i freeze (.+)$/) ??
      foodAfter(text, /(?:how (?:should|do) i store|how to store|shelf life of|store) (.+?)(?: in the (?:fridge|freezer|pantry))?$/) ??
      foodAfter(text, /(?:is|are) (?:my |the )?(.+?) (?:still good|gone bad|going bad)/);
    return { kind: "storage", food, place: placeIn(text) };
  }

  if (/\bsubstitut|\binstead of\b|\breplace(?:ment)?\b|\bswap\b|\balternative (?:to|for)\b|\b(?:don't|do not|dont) have (?:any )?\b|\bout of\b|\bran out of\b|\bin place of\b|\buse .* (?:instead|in place)\b/.test(text)) {
    const food =
      foodAfter(text, /(?:substitute|substitution|substitutes|replacement|replace|swap|alternative) (?:for|to|of)? ?(.+?)(?: with .*)?$/) ??
      foodAfter(text, /(?:instead of|in place of) (.+?)(?:\?|$)/) ??
      foodAfter(text, /(?:don't|do not|dont) have (?:any )?(.+?)(?:,| what| for| —|$)/) ??
      foodAfter(text, /(?:ran out of|out of) (.+?)(?:,| what| for|$)/);
    return { kind: "substitution", food: food ? food.replace(/^(?:for|to|of)\s+/, "").replace(/\s+(?:with|in|for) .*$/, "") : null };
  }

  const guestsMatch = /(\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|fifty)\s+(?:people|guests|friends|persons|adults|kids)\b/.exec(text);
  const guests = guestsMatch ? parseAmount(guestsMatch[1]!) : null;
  if (/\bpart(?:y|ies)\b|\bguests?\b|\bcrowd\b|\bpotluck\b|\bfinger food|\bappetizers?\b|\bcanapes?\b|\bentertain|\bgame day\b|\bget[- ]together\b|\bbarbecue\b|\bbbq\b|\bbirthday\b/.test(text)) {
    return { kind: "party_food", guests };
  }

  if (/\bscale\b|\bdouble (?:it|this|the|that|my)\b|\btriple\b|\bhalve\b|\bhalf (?:the|this|that) recipe\b|\bmake (?:it|this|that) for\b|\bserves? \d+\b|\bfor \d+ (?:people|servings|persons)\b|\bmore servings\b/.test(text)) {
    const servingsMatch = /\b(?:for|serve|serves|to) (\d+)(?: (?:people|servings|persons|portions))?\b/.exec(text);
    const factor = /\bdouble\b/.test(text) ? 2 : /\btriple\b/.test(text) ? 3 : /\bhalve\b|\bhalf\b/.test(text) ? 0.5 : null;
    const recipe = foodAfter(text, /(?:scale|double|triple|halve|make) (?:the |my |this |that )?(?:recipe for |recipe )?(.+?)(?: (?:to|for|recipe)\b.*)?$/);
    const vague = !recipe || /^(?:it|this|that|recipe|the recipe|this recipe|that recipe|one|the first one)$/.test(recipe);
    return { kind: "scale", recipe: vague ? null : recipe, servings: servingsMatch ? Number(servingsMatch[1]) : null, factor };
  }

  const groceryAdd = /\b(?:add|put) (.+?) (?:to|on|onto) (?:my |the )?(?:grocery|shopping) list\b/.exec(text) ?? /\b(?:i need to buy|remind me to buy|buy) (.+?)(?:\.|$)/.exec(text);
  if (groceryAdd) {
    const what = groceryAdd[1]!.trim();
    const missing = /^(?:the )?missing ingredients? (?:for|of) (.+)$/.exec(what);
    return { kind: "grocery_add", items: missing ? [] : listItems(what), missingFor: missing ? missing[1]!.trim() : null };
  }

  if (/\bplan\b.*\b(?:meal|dinner|lunch|breakfast|tonight|tomorrow|week)\b|\badd .* to (?:my |the )?meal plan\b|\bschedule\b/.test(text) && !/\bwhat(?:'s| is) (?:on )?my meal plan\b/.test(text)) {
    const recipe = foodAfter(text, /(?:plan|add|schedule) (.+?) (?:for|on|to) (?:dinner|lunch|breakfast|tonight|tomorrow|today|my meal plan|the meal plan|monday|tuesday|wednesday|thursday|friday|saturday|sunday)/);
    const vague = !recipe || /^(?:a |my |the )?(?:meal|dinner|lunch|breakfast|it|this|that|one|the first one)$/.test(recipe);
    return { kind: "plan_meal", recipe: vague ? null : recipe, day: dayIn(text), mealType: mealTypeIn(text) };
  }

  if (/\bmeal plan\b|\bwhat am i (?:eating|cooking|having)\b|\bwhat(?:'s| is) (?:for|planned for) (?:dinner|lunch|breakfast)\b/.test(text)) return { kind: "meal_plan_view" };

  if (/\bquick\b|\bfast\b|\bin a hurry\b|\bunder \d+ min|\b\d+[- ]?min(?:ute)?s?\b|\bweeknight\b|\bno time\b|\bsomething easy\b|\beasy (?:dinner|lunch|meal)\b/.test(text)) {
    const minutes = /(\d+)\s*[- ]?min/.exec(text);
    const value = minutes ? Number(minutes[1]) : 30;
    return { kind: "quick_meals", maxMinutes: Math.min(Math.max(value, 5), 120) };
  }

  const makeIdeas = /\bwhat (?:can|could|should) i (?:make|cook|eat|have)\b|\brecipe ideas?\b|\bideas? for (?:dinner|lunch|breakfast|a meal)\b|\b(?:dinner|lunch|breakfast|meal) ideas?\b|\bwith what i have\b|\bfrom my (?:pantry|fridge)\b|\bsuggest (?:a |some )?(?:recipe|meal|dish|dinner|lunch)|\bwhat to (?:cook|make)\b|\bi'?m hungry\b|\buse up\b|\brecipe (?:with|using|for)\b|\bwhat (?:goes|pairs) with\b/;
  if (/\bexpir|\bgoing off\b|\babout to go\b|\buse (?:up )?first\b|\bgoes off\b/.test(text) && !makeIdeas.test(text)) return { kind: "expiring" };
  if (makeIdeas.test(text)) {
    const focus = foodAfter(text, /\b(?:with|using|use up|from) (?:my |the |some )?(.+?)(?:\?|$)/);
    const generic = !focus || /^(?:what i have|what's in my (?:pantry|fridge)|my (?:pantry|fridge)|pantry|fridge|i have|it)$/.test(focus);
    return { kind: "what_can_i_make", focus: generic ? null : focus };
  }

  if (/\btips?\b|\badvice\b|\bhow (?:do|to|can|should) i\b|\btechnique\b|\btricks?\b|\bbetter cook\b|\bhow do you\b/.test(text)) {
    const topic = foodAfter(text, /(?:tips? (?:for|on|about)|advice (?:for|on|about)|how (?:do|to|can|should) i|how do you) (.+)$/);
    return { kind: "cooking_tips", topic: topic && !/^(?:cooking|some cooking|cook|get better|improve)$/.test(topic) ? topic : null };
  }

  if (/^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|yo)\b[!. ]*$|^(?:hi|hello|hey)\b.{0,20}$/.test(text)) return { kind: "greeting" };
  if (/\bwhat can you do\b|\bhelp\b|\bhow does this work\b|\bwho are you\b/.test(text)) return { kind: "help" };
  return { kind: "unknown" };
}
