/**
 * Meal plans: the user's calendar entries (read by range, create, edit, move, copy, delete, lock), weekly repeats
 * made into ordinary entries, week templates, "Cooked it" and the secret calendar feed. Plan my week is in
 * mealPlanner.ts. Every query is scoped to the user: another user's entry, template or pantry item answers
 * NOT_FOUND, the same as a missing one.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { mealPlanFeeds, mealPlanRepeats, mealPlans, mealPlanTemplateEntries, mealPlanTemplates, pantryItems, recipes, savedRecipes, trackedActions, users, type MealPlanReason } from "../../db/schema";
import type { UserRow } from "../context";
import type { MealType } from "../domain/constants";
import { addDays, daysBetween, todayIn } from "../domain/dates";
import { mealPlanFeed } from "../domain/calendarFeed";
import { servingsScale, suggestedUse } from "../domain/cookedMeal";
import { isVisible, moreThanLeftMessage, remainingTotal, useAmount } from "../domain/containers";
import { ingredientAvailability } from "../domain/matching";
import { describeReason } from "../domain/mealPlanning";
import { compareMeals, datesBetween, localDateOf, weeklyOccurrences } from "../domain/mealSlots";
import { unitLabel } from "../domain/units";
import { MEAL_DESCRIPTION_REQUIRED, MEAL_PLAN_LIMITS, type CreateMealPlanValues } from "../schemas/mealPlans";
import { consumeMessage, consumePantryItem, ITEM_NOT_FOUND, visiblePantryItem } from "./pantry";
import { ensureLibrarySeeded, findReadableRecipe, ingredientText, ingredientsOf } from "./recipes";

export type MealPlanRow = typeof mealPlans.$inferSelect;
export type MealPlansDb = { db: Db };
/** What the services need of the signed-in user. */
export type PlanUser = Pick<UserRow, "id" | "timeZone">;

export const ENTRY_NOT_FOUND = "Meal plan entry not found";
export const TEMPLATE_NOT_FOUND = "Template not found";
export const FEED_NOT_FOUND = "Calendar feed not found";
export const NO_REPEAT = "This meal doesn't repeat";

/** D1 refuses statements with more than 100 bound parameters. */
const MAX_BOUND_PARAMETERS = 100;
/** A new weekly repeat shows its next twelve weeks at once; later weeks are made as they are read. */
export const REPEAT_AHEAD_DAYS = 84;
/** Repeats are never made further ahead than this, however far a reader looks. */
export const REPEAT_MAX_AHEAD_DAYS = 730;
/** The feed: four weeks back, twelve ahead. */
export const FEED_DAYS_BACK = 28;
export const FEED_DAYS_AHEAD = 84;

function notFound(message = ENTRY_NOT_FOUND): TRPCError {
  return new TRPCError({ code: "NOT_FOUND", message });
}

function chunks<T>(rows: readonly T[], columnsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columnsPerRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Reading and shaping

const recipeBrief = {
  id: recipes.id,
  title: recipes.title,
  servings: recipes.servings,
  prepTime: recipes.prepTime,
  cookTime: recipes.cookTime,
  imageUrl: recipes.imageUrl,
  mealType: recipes.mealType,
};
export type RecipeBrief = { id: number; title: string; servings: number | null; prepTime: number | null; cookTime: number | null; imageUrl: string | null; mealType: string | null };
type JoinedEntry = { entry: MealPlanRow; recipe: RecipeBrief | null; rule: { id: number; untilDate: string | null } | null };

/** Entries with the recipe they name (only a library recipe or the user's own) and their weekly rule. */
function entriesQuery(ctx: MealPlansDb, userId: string, where: SQL) {
  return ctx.db
    .select({ entry: mealPlans, recipe: recipeBrief, rule: { id: mealPlanRepeats.id, untilDate: mealPlanRepeats.untilDate } })
    .from(mealPlans)
    .leftJoin(recipes, and(eq(recipes.id, mealPlans.recipeId), or(isNull(recipes.userId), eq(recipes.userId, userId))))
    .leftJoin(mealPlanRepeats, and(eq(mealPlanRepeats.id, mealPlans.repeatId), eq(mealPlanRepeats.userId, userId)))
    .where(and(eq(mealPlans.userId, userId), where));
}

export type MealPlanSource = "manual" | "auto" | "repeat" | "template";

/** An entry as every API answers it (never the raw row). `today` words the reason ("expires tomorrow"). */
export function toMealPlanOutput({ entry, recipe, rule }: JoinedEntry, today: string) {
  const reason = entry.reason as MealPlanReason | null;
  return {
    id: entry.id,
    date: entry.date,
    mealType: entry.mealType as MealType,
    recipeId: recipe ? entry.recipeId : null,
    recipe: recipe
      ? {
          id: recipe.id,
          title: recipe.title,
          servings: recipe.servings,
          totalTime: recipe.prepTime === null && recipe.cookTime === null ? null : (recipe.prepTime ?? 0) + (recipe.cookTime ?? 0),
          imageUrl: recipe.imageUrl,
          mealType: recipe.mealType as MealType | null,
        }
      : null,
    /** What the calendar shows: the recipe's title, else the custom meal's description. */
    name: recipe?.title ?? entry.notes ?? "Meal",
    notes: entry.notes,
    /** Servings for this meal: the entry's own, else the recipe's. */
    servings: entry.servings ?? recipe?.servings ?? null,
    /** The entry's own servings; null follows the recipe. */
    customServings: entry.servings,
    locked: entry.locked,
    source: entry.source as MealPlanSource,
    reason: reason ? describeReason(reason, today) : null,
    repeatsWeekly: rule !== null && (rule.untilDate === null || rule.untilDate > entry.date),
    cookedAt: entry.cookedAt ? entry.cookedAt.toISOString() : null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt ? entry.updatedAt.toISOString() : null,
  };
}
export type MealPlanOutput = ReturnType<typeof toMealPlanOutput>;

async function findJoinedEntry(ctx: MealPlansDb, userId: string, id: number): Promise<JoinedEntry> {
  const [row] = await entriesQuery(ctx, userId, eq(mealPlans.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function findEntryOutput(ctx: MealPlansDb, user: PlanUser, id: number): Promise<MealPlanOutput> {
  return toMealPlanOutput(await findJoinedEntry(ctx, user.id, id), todayIn(user.timeZone));
}

/** The dates a range asks for, in the user's time zone; BAD_REQUEST when backwards or too long. */
export function rangeDates(start: string, end: string, timeZone: string): { start: string; end: string } {
  const first = localDateOf(start, timeZone);
  const last = localDateOf(end, timeZone);
  if (last < first) throw new TRPCError({ code: "BAD_REQUEST", message: "End date must be on or after the start date" });
  if (daysBetween(first, last) + 1 > MEAL_PLAN_LIMITS.rangeMaxDays) {
    throw new TRPCError({ code: "BAD_REQUEST", message: `Choose a range of at most ${MEAL_PLAN_LIMITS.rangeMaxDays} days` });
  }
  return { start: first, end: last };
}

/** Entries dated start..end (both included), in date and meal order; weekly repeats are extended to cover them. */
export async function listEntries(ctx: MealPlansDb, user: PlanUser, range: { start: string; end: string }) {
  const { start, end } = rangeDates(range.start, range.end, user.timeZone);
  const today = todayIn(user.timeZone);
  await materializeRepeats(ctx, user.id, end, today);
  const rows = await entriesQuery(ctx, user.id, and(gte(mealPlans.date, start), lte(mealPlans.date, end))!);
  const entries = rows.map((row) => toMealPlanOutput(row, today)).sort(compareMeals);
  return { start, end, days: datesBetween(start, end), today, entries };
}

/**
 * Every recipe the user can read, for the slot dialog's search: saved ones first, then their own, then the library,
 * each by title.
 */
export async function recipeChoices(ctx: MealPlansDb, userId: string) {
  await ensureLibrarySeeded(ctx.db);
  const rows = await ctx.db
    .select({ id: recipes.id, title: recipes.title, mealType: recipes.mealType, servings: recipes.servings, ownerId: recipes.userId, savedBy: savedRecipes.userId })
    .from(recipes)
    .leftJoin(savedRecipes, and(eq(savedRecipes.recipeId, recipes.id), eq(savedRecipes.userId, userId)))
    .where(or(isNull(recipes.userId), eq(recipes.userId, userId)));
  const group = (row: { saved: boolean; own: boolean }) => (row.saved ? 0 : row.own ? 1 : 2);
  return rows
    .map((row) => ({ id: row.id, title: row.title, mealType: row.mealType as MealType | null, servings: row.servings, saved: Boolean(row.savedBy), own: Boolean(row.ownerId) }))
    .sort((a, b) => group(a) - group(b) || a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id - b.id);
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Writing entries

async function requireRecipe(ctx: MealPlansDb, userId: string, recipeId: number | null) {
  if (recipeId !== null) await findReadableRecipe(ctx, userId, recipeId);
}

export async function createEntry(ctx: MealPlansDb, user: PlanUser, input: CreateMealPlanValues): Promise<MealPlanOutput> {
  await requireRecipe(ctx, user.id, input.recipeId);
  const [row] = await ctx.db
    .insert(mealPlans)
    .values({
      userId: user.id,
      date: localDateOf(input.date, user.timeZone),
      mealType: input.mealType,
      recipeId: input.recipeId,
      notes: input.notes,
      servings: input.servings,
      source: "manual",
      updatedAt: new Date(),
    })
    .returning();
  if (input.repeatWeekly) await startRepeat(ctx, user, row!, null);
  return findEntryOutput(ctx, user, row!.id);
}

export type EntryChanges = {
  date?: string;
  mealType?: MealType;
  recipeId?: number | null;
  notes?: string | null;
  servings?: number | null;
  locked?: boolean;
};

/**
 * Edits, moves (a new date or meal type) or locks an entry. Any change but the lock makes it the user's own choice:
 * it leaves its weekly repeat (so the other weeks stay as they were) and a reshuffle keeps it. Returns the entry
 * before and after, so the client can offer to update what was made from it (a shopping list).
 */
export async function updateEntry(ctx: MealPlansDb, user: PlanUser, id: number, changes: EntryChanges) {
  const today = todayIn(user.timeZone);
  const joined = await findJoinedEntry(ctx, user.id, id);
  const before = joined.entry;
  const next = {
    date: changes.date !== undefined ? localDateOf(changes.date, user.timeZone) : before.date,
    mealType: changes.mealType ?? before.mealType,
    recipeId: changes.recipeId !== undefined ? changes.recipeId : before.recipeId,
    notes: changes.notes !== undefined ? changes.notes : before.notes,
    servings: changes.servings !== undefined ? changes.servings : before.servings,
  };
  // A recipe that has since been deleted no longer counts.
  const recipeGone = next.recipeId !== null && next.recipeId === before.recipeId && joined.recipe === null;
  if ((next.recipeId === null || recipeGone) && !next.notes) throw new TRPCError({ code: "BAD_REQUEST", message: MEAL_DESCRIPTION_REQUIRED });
  if (next.recipeId !== before.recipeId) await requireRecipe(ctx, user.id, next.recipeId);
  const edited = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== before[key]);
  const recipeChanged = next.recipeId !== before.recipeId;
  const [updated] = await ctx.db
    .update(mealPlans)
    .set({
      ...next,
      locked: changes.locked ?? before.locked,
      repeatId: edited ? null : before.repeatId,
      source: edited ? "manual" : before.source,
      reason: recipeChanged ? null : before.reason,
      updatedAt: new Date(),
    })
    .where(and(eq(mealPlans.id, before.id), eq(mealPlans.userId, user.id)))
    .returning({ id: mealPlans.id });
  if (!updated) throw notFound();
  return { before: toMealPlanOutput(joined, today), after: await findEntryOutput(ctx, user, before.id) };
}

export async function deleteEntry(ctx: MealPlansDb, user: PlanUser, id: number) {
  const joined = await findJoinedEntry(ctx, user.id, id);
  const removed = await ctx.db
    .delete(mealPlans)
    .where(and(eq(mealPlans.id, id), eq(mealPlans.userId, user.id)))
    .returning({ id: mealPlans.id });
  if (removed.length === 0) throw notFound();
  return { ok: true as const, id, deleted: toMealPlanOutput(joined, todayIn(user.timeZone)) };
}

/** A copy in another slot: the same recipe or description and servings, as the user's own choice. */
export async function copyEntry(ctx: MealPlansDb, user: PlanUser, id: number, target: { date: string; mealType: MealType }) {
  const { entry, recipe } = await findJoinedEntry(ctx, user.id, id);
  if (!recipe && !entry.notes) throw new TRPCError({ code: "BAD_REQUEST", message: MEAL_DESCRIPTION_REQUIRED });
  const [row] = await ctx.db
    .insert(mealPlans)
    .values({
      userId: user.id,
      date: localDateOf(target.date, user.timeZone),
      mealType: target.mealType,
      recipeId: recipe ? entry.recipeId : null,
      notes: entry.notes,
      servings: entry.servings,
      source: "manual",
      updatedAt: new Date(),
    })
    .returning({ id: mealPlans.id });
  return findEntryOutput(ctx, user, row!.id);
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Weekly repeats

/**
 * Makes the entries of the user's weekly repeats up to `through` (never more than two years ahead), in one batch.
 * A rule only ever adds dates after `materializedThrough`, so an occurrence deleted or moved stays so; the unique
 * (repeat_id, date) index stops two readers from adding the same one.
 */
export async function materializeRepeats(ctx: MealPlansDb, userId: string, through: string, today: string): Promise<number> {
  const limit = addDays(today, REPEAT_MAX_AHEAD_DAYS);
  const target = through < limit ? through : limit;
  const rules = await ctx.db
    .select()
    .from(mealPlanRepeats)
    .where(
      and(
        eq(mealPlanRepeats.userId, userId),
        lt(mealPlanRepeats.materializedThrough, target),
        or(isNull(mealPlanRepeats.untilDate), gt(mealPlanRepeats.untilDate, mealPlanRepeats.materializedThrough)),
      ),
    );
  if (rules.length === 0) return 0;
  const statements = [];
  let made = 0;
  for (const rule of rules) {
    const dates = weeklyOccurrences(rule.startDate, rule.materializedThrough, target, rule.untilDate);
    const rows = dates.map((date) => ({
      userId,
      date,
      mealType: rule.mealType,
      recipeId: rule.recipeId,
      notes: rule.notes,
      servings: rule.servings,
      source: "repeat",
      repeatId: rule.id,
    }));
    made += rows.length;
    for (const chunk of chunks(rows, 10)) statements.push(ctx.db.insert(mealPlans).values(chunk).onConflictDoNothing());
    statements.push(
      ctx.db
        .update(mealPlanRepeats)
        .set({ materializedThrough: target })
        .where(and(eq(mealPlanRepeats.id, rule.id), eq(mealPlanRepeats.materializedThrough, rule.materializedThrough))),
    );
  }
  const [first, ...rest] = statements;
  await ctx.db.batch([first!, ...rest]);
  return made;
}

async function startRepeat(ctx: MealPlansDb, user: PlanUser, entry: MealPlanRow, untilDate: string | null) {
  const today = todayIn(user.timeZone);
  const [rule] = await ctx.db
    .insert(mealPlanRepeats)
    .values({
      userId: user.id,
      startDate: entry.date,
      untilDate,
      mealType: entry.mealType,
      recipeId: entry.recipeId,
      notes: entry.notes,
      servings: entry.servings,
      materializedThrough: entry.date,
    })
    .returning();
  await ctx.db
    .update(mealPlans)
    .set({ repeatId: rule!.id, updatedAt: new Date() })
    .where(and(eq(mealPlans.id, entry.id), eq(mealPlans.userId, user.id)));
  await materializeRepeats(ctx, user.id, addDays(entry.date > today ? entry.date : today, REPEAT_AHEAD_DAYS), today);
}

/** Repeats an entry every week on its weekday (until `untilDate` when given) as ordinary entries. */
export async function repeatEntry(ctx: MealPlansDb, user: PlanUser, id: number, untilDate: string | null) {
  const { entry, recipe, rule } = await findJoinedEntry(ctx, user.id, id);
  if (!recipe && !entry.notes) throw new TRPCError({ code: "BAD_REQUEST", message: MEAL_DESCRIPTION_REQUIRED });
  const until = untilDate ? localDateOf(untilDate, user.timeZone) : null;
  if (until && until < entry.date) throw new TRPCError({ code: "BAD_REQUEST", message: "The repeat must end on or after this meal's date" });
  if (rule && (rule.untilDate === null || rule.untilDate > entry.date)) throw new TRPCError({ code: "CONFLICT", message: "This meal already repeats every week" });
  await startRepeat(ctx, user, entry, until);
  return findEntryOutput(ctx, user, id);
}

/**
 * Stops a repeat from this entry on: later occurrences still as the rule made them are removed (edited or moved
 * ones left the rule and stay); earlier ones are history and stay.
 */
export async function stopRepeat(ctx: MealPlansDb, user: PlanUser, id: number) {
  const { entry, rule } = await findJoinedEntry(ctx, user.id, id);
  if (!rule || (rule.untilDate !== null && rule.untilDate <= entry.date)) throw new TRPCError({ code: "BAD_REQUEST", message: NO_REPEAT });
  const [, removed] = await ctx.db.batch([
    ctx.db
      .update(mealPlanRepeats)
      .set({ untilDate: entry.date })
      .where(and(eq(mealPlanRepeats.id, rule.id), eq(mealPlanRepeats.userId, user.id))),
    ctx.db
      .delete(mealPlans)
      .where(and(eq(mealPlans.userId, user.id), eq(mealPlans.repeatId, rule.id), gt(mealPlans.date, entry.date)))
      .returning({ id: mealPlans.id }),
  ]);
  return { entry: await findEntryOutput(ctx, user, id), removed: removed.length };
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Templates

function toTemplateOutput(row: { id: number; name: string; createdAt: Date; mealCount: number }) {
  return { id: row.id, name: row.name, mealCount: row.mealCount, createdAt: row.createdAt.toISOString() };
}

export async function listTemplates(ctx: MealPlansDb, userId: string) {
  const rows = await ctx.db
    .select({ id: mealPlanTemplates.id, name: mealPlanTemplates.name, createdAt: mealPlanTemplates.createdAt, mealCount: sql<number>`COUNT(${mealPlanTemplateEntries.id})` })
    .from(mealPlanTemplates)
    .leftJoin(mealPlanTemplateEntries, eq(mealPlanTemplateEntries.templateId, mealPlanTemplates.id))
    .where(eq(mealPlanTemplates.userId, userId))
    .groupBy(mealPlanTemplates.id)
    .orderBy(desc(mealPlanTemplates.createdAt), desc(mealPlanTemplates.id));
  return rows.map(toTemplateOutput);
}

/** Saves the week starting `weekStart` (its meals, by weekday and meal) as a named template. */
export async function saveTemplate(ctx: MealPlansDb, user: PlanUser, weekStart: string, name: string) {
  const start = localDateOf(weekStart, user.timeZone);
  const end = addDays(start, 6);
  const [rows, [count]] = await Promise.all([
    entriesQuery(ctx, user.id, and(gte(mealPlans.date, start), lte(mealPlans.date, end))!),
    ctx.db.select({ n: sql<number>`COUNT(*)` }).from(mealPlanTemplates).where(eq(mealPlanTemplates.userId, user.id)),
  ]);
  const meals = rows.filter((row) => row.recipe !== null || row.entry.notes);
  if (meals.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: "This week has no meals to save as a template" });
  if ((count?.n ?? 0) >= MEAL_PLAN_LIMITS.templatesMax) {
    throw new TRPCError({ code: "BAD_REQUEST", message: `You can keep up to ${MEAL_PLAN_LIMITS.templatesMax} templates. Delete one to save another.` });
  }
  const insertTemplate = ctx.db.insert(mealPlanTemplates).values({ userId: user.id, name }).returning();
  // The new template is the user's newest, found inside the same batch (no round trip for its id).
  const newTemplateId = sql`(SELECT ${mealPlanTemplates.id} FROM ${mealPlanTemplates} WHERE ${mealPlanTemplates.userId} = ${user.id} ORDER BY ${mealPlanTemplates.id} DESC LIMIT 1)`;
  const entryRows = meals.map(({ entry, recipe }) => ({
    templateId: newTemplateId,
    dayOffset: daysBetween(start, entry.date),
    mealType: entry.mealType,
    recipeId: recipe ? entry.recipeId : null,
    notes: entry.notes,
    servings: entry.servings,
  }));
  const inserts = chunks(entryRows, 8).map((chunk) => ctx.db.insert(mealPlanTemplateEntries).values(chunk));
  const [inserted] = await ctx.db.batch([insertTemplate, ...inserts]);
  const template = inserted[0]!;
  return toTemplateOutput({ ...template, mealCount: entryRows.length });
}

async function findTemplate(ctx: MealPlansDb, userId: string, id: number) {
  const row = await ctx.db.query.mealPlanTemplates.findFirst({ where: and(eq(mealPlanTemplates.id, id), eq(mealPlanTemplates.userId, userId)) });
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

/**
 * Fills the week starting `weekStart` from a template: each meal goes to the same weekday and meal, as an ordinary
 * entry, unless that slot already has one (the week's own meals are never overwritten).
 */
export async function applyTemplate(ctx: MealPlansDb, user: PlanUser, id: number, weekStart: string) {
  const template = await findTemplate(ctx, user.id, id);
  const start = localDateOf(weekStart, user.timeZone);
  const end = addDays(start, 6);
  const [templateRows, existing] = await Promise.all([
    ctx.db
      .select({ entry: mealPlanTemplateEntries, recipeId: recipes.id })
      .from(mealPlanTemplateEntries)
      .leftJoin(recipes, and(eq(recipes.id, mealPlanTemplateEntries.recipeId), or(isNull(recipes.userId), eq(recipes.userId, user.id))))
      .where(eq(mealPlanTemplateEntries.templateId, template.id))
      .orderBy(asc(mealPlanTemplateEntries.dayOffset), asc(mealPlanTemplateEntries.id)),
    ctx.db
      .select({ date: mealPlans.date, mealType: mealPlans.mealType })
      .from(mealPlans)
      .where(and(eq(mealPlans.userId, user.id), gte(mealPlans.date, start), lte(mealPlans.date, end))),
  ]);
  const filled = new Set(existing.map((e) => `${e.date}|${e.mealType}`));
  const rows = [];
  let skipped = 0;
  for (const { entry, recipeId } of templateRows) {
    const date = addDays(start, entry.dayOffset);
    const key = `${date}|${entry.mealType}`;
    if (filled.has(key) || (recipeId === null && !entry.notes)) {
      skipped += 1;
      continue;
    }
    // Two template meals in one slot both come along; only the week's own meals block a slot.
    rows.push({ userId: user.id, date, mealType: entry.mealType, recipeId, notes: entry.notes, servings: entry.servings, source: "template", updatedAt: new Date() });
  }
  if (rows.length > 0) {
    const [first, ...rest] = chunks(rows, 9).map((chunk) => ctx.db.insert(mealPlans).values(chunk));
    await ctx.db.batch([first!, ...rest]);
  }
  const { entries } = await listEntries(ctx, user, { start, end });
  return { added: rows.length, skipped, entries, message: `Added ${rows.length} meal${rows.length === 1 ? "" : "s"} from "${template.name}"${skipped ? `; ${skipped} slot${skipped === 1 ? " was" : "s were"} already planned and kept` : ""}.` };
}

export async function deleteTemplate(ctx: MealPlansDb, userId: string, id: number) {
  const template = await findTemplate(ctx, userId, id);
  await ctx.db.delete(mealPlanTemplates).where(and(eq(mealPlanTemplates.id, template.id), eq(mealPlanTemplates.userId, userId)));
  return { ok: true as const, id: template.id };
}

// ---------------------------------------------------------------------------------------------------------------
// 5. Cooked it

type PantryRow = typeof pantryItems.$inferSelect;

/**
 * What cooking an entry would take from the pantry: each counted ingredient with the pantry item it matches and a
 * suggested amount in that item's unit (scaled to the entry's servings, never more than is left).
 */
export async function cookPreview(ctx: MealPlansDb, user: PlanUser, id: number) {
  const { entry, recipe } = await findJoinedEntry(ctx, user.id, id);
  if (!recipe) return { entryId: entry.id, recipe: null, servings: entry.servings, lines: [], cookedAt: entry.cookedAt?.toISOString() ?? null };
  const [ingredients, pantry] = await Promise.all([
    ingredientsOf(ctx, recipe.id),
    ctx.db
      .select()
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, user.id), visiblePantryItem)),
  ]);
  const byId = new Map<number, PantryRow>(pantry.map((item) => [item.id, item]));
  const servings = entry.servings ?? recipe.servings;
  const scale = servingsScale(servings, recipe.servings);
  const availability = ingredientAvailability(ingredients, pantry);
  const lines = ingredients.flatMap((ingredient, index) => {
    const match = availability[index];
    if (!match || match.alwaysAvailable) return [];
    const item = match.pantryItemId !== null ? byId.get(match.pantryItemId) : undefined;
    const left = item ? remainingTotal(item) : 0;
    return [
      {
        ingredient: ingredientText(ingredient),
        name: ingredient.name,
        pantryItem: item
          ? { id: item.id, name: item.name, unit: item.unit, left, leftLabel: `${left} ${item.unit ? unitLabel(item.unit, left) : left === 1 ? "item" : "items"}` }
          : null,
        suggestedAmount: item ? suggestedUse(ingredient, item, scale) : null,
      },
    ];
  });
  return { entryId: entry.id, recipe: { id: recipe.id, title: recipe.title, servings: recipe.servings }, servings, lines, cookedAt: entry.cookedAt?.toISOString() ?? null };
}

/**
 * Marks an entry cooked and takes the confirmed amounts out of the pantry through the pantry's own use rule (each
 * a consumed waste event, which Insights counts). Every amount is checked against what is left first, so a wrong
 * one changes nothing.
 */
export async function cookEntry(ctx: MealPlansDb, user: PlanUser, id: number, uses: readonly { pantryItemId: number; amount: number }[]) {
  const today = todayIn(user.timeZone);
  const joined = await findJoinedEntry(ctx, user.id, id);
  const items = uses.length
    ? await ctx.db
        .select()
        .from(pantryItems)
        .where(and(eq(pantryItems.userId, user.id), inArray(pantryItems.id, uses.map((u) => u.pantryItemId))))
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const use of uses) {
    const item = byId.get(use.pantryItemId);
    if (!item || !isVisible(item)) throw new TRPCError({ code: "NOT_FOUND", message: ITEM_NOT_FOUND });
    const outcome = useAmount(item, use.amount);
    if (!outcome.ok && outcome.reason === "more_than_left") throw new TRPCError({ code: "BAD_REQUEST", message: moreThanLeftMessage(item.name, outcome.left, item.unit) });
    if (!outcome.ok) throw new TRPCError({ code: "BAD_REQUEST", message: "Amount must be greater than 0" });
  }
  const used = [];
  for (const use of uses) {
    const result = await consumePantryItem(ctx, user.id, use.pantryItemId, use.amount, { today });
    used.push({ pantryItemId: use.pantryItemId, name: result.before.name, deleted: result.deleted, message: consumeMessage(result) });
  }
  const markCooked = ctx.db
    .update(mealPlans)
    .set({ cookedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(mealPlans.id, id), eq(mealPlans.userId, user.id)));
  // A cooked recipe counts towards "Recipes cooked" and the skill level it drives (one per recipe and day).
  const recipeId = joined.recipe?.id ?? null;
  if (recipeId === null) await markCooked;
  else await ctx.db.batch([markCooked, ctx.db.insert(trackedActions).values({ userId: user.id, actionType: "recipe_cooked", actionData: { recipeId, mealPlanId: id }, context: "meal_plan" })]);
  return {
    entry: await findEntryOutput(ctx, user, id),
    used,
    message: used.length === 0 ? "Marked as cooked." : `Marked as cooked; used ${used.length} item${used.length === 1 ? "" : "s"} from your pantry.`,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 6. Calendar feed

function base64Url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export const FEED_PATH = "/api/mealplans/feed";

export function feedUrl(requestUrl: string, token: string): string {
  return `${new URL(requestUrl).origin}${FEED_PATH}/${token}.ics`;
}

export async function feedStatus(ctx: MealPlansDb, userId: string) {
  const row = await ctx.db.query.mealPlanFeeds.findFirst({ where: eq(mealPlanFeeds.userId, userId) });
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null };
}

/**
 * A new secret address for the user's feed; any earlier one stops working. The token is shown once: only its
 * SHA-256 is stored.
 */
export async function renewFeed(ctx: MealPlansDb, userId: string, requestUrl: string) {
  const token = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const tokenHash = await sha256Hex(token);
  const now = new Date();
  await ctx.db
    .insert(mealPlanFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: mealPlanFeeds.userId, set: { tokenHash, createdAt: now, lastFetchedAt: null } });
  return { active: true as const, url: feedUrl(requestUrl, token), createdAt: now.toISOString() };
}

export async function revokeFeed(ctx: MealPlansDb, userId: string) {
  const removed = await ctx.db.delete(mealPlanFeeds).where(eq(mealPlanFeeds.userId, userId)).returning({ userId: mealPlanFeeds.userId });
  return { ok: true as const, revoked: removed.length > 0 };
}

/** The iCalendar text behind a secret token; NOT_FOUND for an unknown, renewed or revoked one. */
export async function feedCalendar(ctx: MealPlansDb & { waitUntil: (p: Promise<unknown>) => void }, token: string, requestUrl: string): Promise<string> {
  const bare = token.replace(/\.ics$/i, "");
  if (!/^[A-Za-z0-9_-]{43}$/.test(bare)) throw notFound(FEED_NOT_FOUND);
  const tokenHash = await sha256Hex(bare);
  const [row] = await ctx.db
    .select({ userId: mealPlanFeeds.userId, lastFetchedAt: mealPlanFeeds.lastFetchedAt, timeZone: users.timeZone })
    .from(mealPlanFeeds)
    .innerJoin(users, eq(users.id, mealPlanFeeds.userId))
    .where(and(eq(mealPlanFeeds.tokenHash, tokenHash), eq(users.disabled, false)));
  if (!row) throw notFound(FEED_NOT_FOUND);
  const user = { id: row.userId, timeZone: row.timeZone };
  const today = todayIn(user.timeZone);
  const from = addDays(today, -FEED_DAYS_BACK);
  const through = addDays(today, FEED_DAYS_AHEAD);
  await materializeRepeats(ctx, user.id, through, today);
  const rows = await entriesQuery(ctx, user.id, and(gte(mealPlans.date, from), lte(mealPlans.date, through))!);
  const now = new Date();
  // Calendars poll often; the last-read time only needs to be about right.
  if (!row.lastFetchedAt || now.getTime() - row.lastFetchedAt.getTime() > 60 * 60_000) {
    ctx.waitUntil(ctx.db.update(mealPlanFeeds).set({ lastFetchedAt: now }).where(eq(mealPlanFeeds.userId, user.id)));
  }
  const origin = new URL(requestUrl).origin;
  return mealPlanFeed(
    rows.map((joined) => {
      const output = toMealPlanOutput(joined, today);
      return {
        id: output.id,
        date: output.date,
        mealType: output.mealType,
        title: output.name,
        notes: output.notes,
        servings: output.servings,
        recipeId: output.recipeId,
        reason: output.reason,
        cooked: output.cookedAt !== null,
        updatedAt: joined.entry.updatedAt ?? joined.entry.createdAt,
      };
    }),
    { timeZone: user.timeZone, origin, uidHost: new URL(requestUrl).hostname, from, through, now },
  );
}

