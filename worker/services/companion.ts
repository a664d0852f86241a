/**
 * The cooking companion: builds the cook's kitchen (pantry with expiry, their recipes and the library, saved
 * recipes, meal plan, preferences, skill level) as data, runs the chat task through the AI seam (Workers AI or the
 * offline engine; a Workers AI answer that fails its checks falls back to the offline engine), checks every
 * proposed action against the server's own data, and stores the turn with its actions. Writes the answer proposes
 * wait for the cook's confirmation (confirmAction), which runs exactly what was stored.
 *
 * Sessions: ids come from the browser (session_{timestamp}_{random}); a session belongs to the first user who
 * writes in it. Another user's session answers NOT_FOUND, for history and for new messages.
 */
import { TRPCError } from "@trpc/server";
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { chatMessages, companionActions, mealPlans, pantryItems, recipes, savedRecipes } from "../../db/schema";
import type { AppContext, UserRow } from "../context";
import { isPremiumUser } from "../context";
import { RATE_LIMITS, rateLimit } from "../auth/rateLimit";
import { companionChatTask, PLAN_MEAL_TYPES, type CompanionChatInput, type CompanionChatOutput, type CompanionKitchen, type CompanionTurn, type ProposedAction } from "../ai/tasks/companionChat";
import { answerOffline } from "../ai/offline/companionEngine";
import { allergenMentions } from "../domain/companionSafety";
import { addDays, todayIn } from "../domain/dates";
import { daysUntil } from "../domain/expiry";
import { recipeFit } from "../domain/preferences";
import { skillLevelFor } from "../domain/smartInsights";
import { COMPANION_MESSAGES } from "../schemas/companion";
import { addItemsToGroceryList, addMealToPlan } from "./companionActions";
import { visiblePantryItem } from "./pantry";
import { preferencesOf, readableRecipesWithIngredients, type RecipeWithIngredients } from "./recipes";
import { recipesCookedCount } from "./smart";
import type { AiProviderName } from "../ai/types";

type SignedInContext = AppContext & { user: UserRow };

/** Turns of the session the model and the engine see ("scale it" refers back). */
const HISTORY_TURNS = 4;
const HISTORY_MAX_ROWS = 200;
const MEAL_PLAN_DAYS = 14;
/** The furthest ahead the companion plans a meal. */
const PLAN_AHEAD_DAYS = 90;

export type ActionStatus = "offered" | "proposed" | "done" | "dismissed";

// ---------------------------------------------------------------------------------------------------------
// The kitchen as data

async function loadKitchen(ctx: SignedInContext, today: string): Promise<CompanionKitchen> {
  const userId = ctx.user.id;
  const [pantry, recipeRows, saved, plan, cooked] = await Promise.all([
    ctx.db
      .select({
        id: pantryItems.id,
        name: pantryItems.name,
        quantity: pantryItems.quantity,
        unit: pantryItems.unit,
        category: pantryItems.category,
        storageLocation: pantryItems.storageLocation,
        expirationDate: pantryItems.expirationDate,
      })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, userId), visiblePantryItem))
      .orderBy(sql`${pantryItems.expirationDate} IS NULL`, asc(pantryItems.expirationDate)),
    readableRecipesWithIngredients(ctx, userId),
    ctx.db.select({ id: savedRecipes.recipeId }).from(savedRecipes).where(eq(savedRecipes.userId, userId)),
    ctx.db
      .select({ date: mealPlans.date, mealType: mealPlans.mealType, notes: mealPlans.notes, recipeId: mealPlans.recipeId, title: recipes.title })
      .from(mealPlans)
      .leftJoin(recipes, eq(recipes.id, mealPlans.recipeId))
      .where(and(eq(mealPlans.userId, userId), gte(mealPlans.date, today), lte(mealPlans.date, addDays(today, MEAL_PLAN_DAYS))))
      .orderBy(asc(mealPlans.date)),
    recipesCookedCount(ctx, userId),
  ]);
  return {
    today,
    pantry: pantry.map((item) => ({ ...item, daysLeft: daysUntil(item.expirationDate, today) })),
    recipes: recipeRows,
    savedRecipeIds: saved.map((r) => r.id),
    mealPlan: plan.map((m) => ({ date: m.date, mealType: m.mealType, recipeId: m.recipeId, title: m.title ?? m.notes ?? m.mealType })),
    preferences: preferencesOf(ctx.user),
    householdSize: ctx.user.householdSize,
    skillLevel: skillLevelFor(cooked),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Output shapes

type ActionRow = typeof companionActions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

function toActionOutput(row: ActionRow) {
  const payload = row.payload as Record<string, unknown>;
  return {
    id: row.id,
    kind: row.kind as ProposedAction["type"],
    label: row.label,
    status: row.status as ActionStatus,
    recipeId: typeof payload.recipeId === "number" ? payload.recipeId : null,
    result: row.result ?? null,
  };
}
export type CompanionActionOutput = ReturnType<typeof toActionOutput>;

function toTurnOutput(row: MessageRow, actions: ActionRow[]) {
  return {
    id: row.id,
    sessionId: row.sessionId,
    userMessage: row.userMessage,
    assistantResponse: row.assistantResponse,
    suggestions: row.suggestions ?? [],
    createdAt: row.createdAt.toISOString(),
    actions: actions.map(toActionOutput),
  };
}
export type CompanionTurnOutput = ReturnType<typeof toTurnOutput>;

// ---------------------------------------------------------------------------------------------------------
// Checking what an answer proposes

const MEAL_LABEL: Record<string, string> = { breakfast: "breakfast", lunch: "lunch", dinner: "dinner", snack: "a snack" };

function dayLabel(date: string, today: string): string {
  if (date === today) return "today";
  if (date === addDays(today, 1)) return "tomorrow";
  return date;
}

type CheckedAction = { kind: ProposedAction["type"]; label: string; status: ActionStatus; payload: Record<string, unknown> };

/**
 * Only what the server can vouch for survives: recipes the cook can read and eat (no allergen), plan dates from
 * today to 90 days ahead, list items without an allergen. Duplicates go.
 */
export function checkActions(actions: ProposedAction[], kitchen: CompanionKitchen): CheckedAction[] {
  const byId = new Map<number, RecipeWithIngredients>(kitchen.recipes.map((r) => [r.id, r]));
  const safeRecipe = (id: number | null) => {
    if (id === null) return null;
    const recipe = byId.get(id);
    if (!recipe) return undefined;
    return recipeFit(recipe.ingredients, kitchen.preferences, recipe.servings).safe ? recipe : undefined;
  };
  const out: CheckedAction[] = [];
  const seen = new Set<string>();
  const push = (action: CheckedAction) => {
    const key = JSON.stringify([action.kind, action.payload]);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(action);
  };
  for (const action of actions) {
    if (action.type === "open_recipe") {
      const recipe = safeRecipe(action.recipeId);
      if (recipe) push({ kind: "open_recipe", label: `Open ${recipe.title}`, status: "offered", payload: { recipeId: recipe.id } });
    } else if (action.type === "plan_meal") {
      const recipe = safeRecipe(action.recipeId);
      if (recipe === undefined) continue;
      if (action.date < kitchen.today || action.date > addDays(kitchen.today, PLAN_AHEAD_DAYS)) continue;
      if (!(PLAN_MEAL_TYPES as readonly string[]).includes(action.mealType)) continue;
      if (!recipe && allergenMentions(action.title, kitchen.preferences.allergies).length > 0) continue;
      const title = recipe?.title ?? action.title;
      push({
        kind: "plan_meal",
        label: `Plan ${title} for ${MEAL_LABEL[action.mealType]} ${dayLabel(action.date, kitchen.today)}`,
        status: "proposed",
        payload: { recipeId: recipe?.id ?? null, title, date: action.date, mealType: action.mealType },
      });
    } else {
      const items = action.items.filter((item) => allergenMentions(item.name, kitchen.preferences.allergies).length === 0);
      const unique = [...new Map(items.map((item) => [item.name.toLowerCase(), item])).values()];
      if (unique.length === 0) continue;
      push({
        kind: "add_to_grocery_list",
        label: unique.length === 1 ? `Add ${unique[0]!.name} to my grocery list` : `Add ${unique.length} items to my grocery list`,
        status: "proposed",
        payload: { items: unique },
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Sessions and history

/** Someone else has written in this session id. */
async function sessionOwnedByAnother(ctx: SignedInContext, sessionId: string): Promise<boolean> {
  const row = await ctx.db.query.chatMessages.findFirst({
    where: and(eq(chatMessages.sessionId, sessionId), ne(chatMessages.userId, ctx.user.id)),
    columns: { id: true },
  });
  return Boolean(row);
}

async function actionsFor(ctx: SignedInContext, messageIds: number[]): Promise<Map<number, ActionRow[]>> {
  const map = new Map<number, ActionRow[]>();
  if (messageIds.length === 0) return map;
  const rows: ActionRow[] = [];
  // D1 allows 100 bound parameters per statement.
  for (let at = 0; at < messageIds.length; at += 90) {
    rows.push(
      ...(await ctx.db
        .select()
        .from(companionActions)
        .where(and(eq(companionActions.userId, ctx.user.id), inArray(companionActions.chatMessageId, messageIds.slice(at, at + 90))))
        .orderBy(asc(companionActions.id))),
    );
  }
  for (const row of rows) (map.get(row.chatMessageId) ?? map.set(row.chatMessageId, []).get(row.chatMessageId)!).push(row);
  return map;
}

/**
 * The cook's turns in a session, oldest first. A session someone else wrote in answers NOT_FOUND (not an empty
 * list), so an id is never a way to learn about another account.
 */
export async function chatHistory(ctx: SignedInContext, sessionId: string) {
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, ctx.user.id), eq(chatMessages.sessionId, sessionId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(HISTORY_MAX_ROWS);
  if (rows.length === 0) {
    if (await sessionOwnedByAnother(ctx, sessionId)) throw new TRPCError({ code: "NOT_FOUND", message: COMPANION_MESSAGES.sessionNotFound });
    return [];
  }
  rows.reverse();
  const actions = await actionsFor(ctx, rows.map((r) => r.id));
  return rows.map((row) => toTurnOutput(row, actions.get(row.id) ?? []));
}

async function recentTurns(ctx: SignedInContext, sessionId: string): Promise<CompanionTurn[]> {
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.userId, ctx.user.id), eq(chatMessages.sessionId, sessionId)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(HISTORY_TURNS);
  rows.reverse();
  const actions = await actionsFor(ctx, rows.map((r) => r.id));
  return rows.map((row) => ({
    user: row.userMessage,
    assistant: row.assistantResponse,
    recipeIds: (actions.get(row.id) ?? []).map((a) => (a.payload as { recipeId?: unknown }).recipeId).filter((id): id is number => typeof id === "number"),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// A chat turn

export type ChatTurnResult = CompanionTurnOutput & { response: string; provider: AiProviderName; fallback: boolean };

/**
 * One message: the answer (checked), stored with its actions. Free-tier token limits apply through the seam
 * (TOO_MANY_REQUESTS with the usage card's message); a Workers AI answer that stays invalid after its repair
 * retry is replaced by the offline engine's answer, never shown.
 */
export async function chatWithCompanion(ctx: SignedInContext, input: { message: string; sessionId: string }): Promise<ChatTurnResult> {
  await rateLimit(ctx, RATE_LIMITS.companionChat, ctx.user.id);
  if (await sessionOwnedByAnother(ctx, input.sessionId)) throw new TRPCError({ code: "NOT_FOUND", message: COMPANION_MESSAGES.sessionNotFound });
  const today = todayIn(ctx.user.timeZone);
  const [kitchen, history] = await Promise.all([loadKitchen(ctx, today), recentTurns(ctx, input.sessionId)]);
  const taskInput: CompanionChatInput = { message: input.message, history, kitchen };

  let output: CompanionChatOutput;
  let provider: AiProviderName;
  let fallback = false;
  try {
    const result = await ctx.ai.run(companionChatTask(kitchen.preferences.allergies), taskInput, { id: ctx.user.id, premium: isPremiumUser(ctx.env, ctx.user) });
    output = result.output;
    provider = result.provider;
  } catch (error) {
    if (!(error instanceof TRPCError) || error.code !== "SERVICE_UNAVAILABLE") throw error;
    console.warn("Companion: Workers AI answer unusable, answering from the offline engine", error.message);
    output = answerOffline(taskInput);
    provider = "offline";
    fallback = true;
  }

  const checked = checkActions(output.actions, kitchen);
  const [inserted, ...actionInserts] = await ctx.db.batch([
    ctx.db
      .insert(chatMessages)
      .values({ userId: ctx.user.id, sessionId: input.sessionId, userMessage: input.message, assistantResponse: output.response, suggestions: output.suggestions })
      .returning(),
    ...checked.map((action) =>
      ctx.db
        .insert(companionActions)
        .values({
          userId: ctx.user.id,
          // The message inserted just before, in the same batch.
          chatMessageId: sql`(SELECT ${chatMessages.id} FROM ${chatMessages} WHERE ${chatMessages.userId} = ${ctx.user.id} ORDER BY ${chatMessages.id} DESC LIMIT 1)`,
          kind: action.kind,
          label: action.label.slice(0, 200),
          payload: action.payload,
          status: action.status,
        })
        .returning(),
    ),
  ]);
  const message = (inserted as MessageRow[])[0];
  if (!message) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "The chat message was not saved" });
  const turn = toTurnOutput(message, (actionInserts as ActionRow[][]).flat());
  return { ...turn, response: turn.assistantResponse, provider, fallback };
}

/** The answer in small pieces for the screen's streamed rendering (whitespace kept, so pieces join back exactly). */
export function answerChunks(text: string, wordsPerChunk = 3): string[] {
  const parts = text.split(/(\s+)/);
  const chunks: string[] = [];
  for (let at = 0; at < parts.length; at += wordsPerChunk * 2) chunks.push(parts.slice(at, at + wordsPerChunk * 2).join(""));
  return chunks.filter((c) => c.length > 0);
}

// ---------------------------------------------------------------------------------------------------------
// Confirming what an answer proposed

async function findAction(ctx: SignedInContext, id: number): Promise<ActionRow> {
  const row = await ctx.db.query.companionActions.findFirst({ where: and(eq(companionActions.id, id), eq(companionActions.userId, ctx.user.id)) });
  if (!row) throw new TRPCError({ code: "NOT_FOUND", message: COMPANION_MESSAGES.actionNotFound });
  return row;
}

function refuseState(row: ActionRow): never {
  if (row.status === "done") throw new TRPCError({ code: "CONFLICT", message: COMPANION_MESSAGES.actionDone });
  if (row.status === "dismissed") throw new TRPCError({ code: "CONFLICT", message: COMPANION_MESSAGES.actionDismissed });
  if (row.status === "offered") throw new TRPCError({ code: "BAD_REQUEST", message: COMPANION_MESSAGES.actionIsLink });
  throw new TRPCError({ code: "CONFLICT", message: "That suggestion is being carried out" });
}

/**
 * Runs a proposed write once. The row is claimed with a conditional update (proposed -> working), so two
 * confirms cannot both run it; a failure puts it back to proposed. A recipe is re-checked against the cook's
 * allergies as they are now.
 */
export async function confirmAction(ctx: SignedInContext, id: number) {
  const row = await findAction(ctx, id);
  if (row.status !== "proposed") refuseState(row);
  const [claimed] = await ctx.db
    .update(companionActions)
    .set({ status: "working" })
    .where(and(eq(companionActions.id, id), eq(companionActions.userId, ctx.user.id), eq(companionActions.status, "proposed")))
    .returning();
  if (!claimed) refuseState(await findAction(ctx, id));
  try {
    const payload = claimed.payload as Record<string, unknown>;
    let result: Record<string, unknown>;
    if (claimed.kind === "add_to_grocery_list") {
      const items = (payload.items as { name: string; quantity: number | null; unit: string | null }[]) ?? [];
      result = await addItemsToGroceryList(ctx, items);
    } else if (claimed.kind === "plan_meal") {
      const recipeId = typeof payload.recipeId === "number" ? payload.recipeId : null;
      if (recipeId !== null) {
        const recipe = (await readableRecipesWithIngredients(ctx, ctx.user.id)).find((r) => r.id === recipeId);
        if (!recipe) throw new TRPCError({ code: "NOT_FOUND", message: "Recipe not found" });
        if (!recipeFit(recipe.ingredients, preferencesOf(ctx.user), recipe.servings).safe) {
          throw new TRPCError({ code: "BAD_REQUEST", message: "This recipe contains one of your allergens, so it was not planned." });
        }
      }
      result = await addMealToPlan(ctx, {
        date: String(payload.date),
        mealType: String(payload.mealType),
        recipeId,
        notes: recipeId === null ? String(payload.title ?? "") : null,
      });
    } else {
      throw new TRPCError({ code: "BAD_REQUEST", message: COMPANION_MESSAGES.actionIsLink });
    }
    const [done] = await ctx.db.update(companionActions).set({ status: "done", result }).where(eq(companionActions.id, id)).returning();
    return toActionOutput(done!);
  } catch (error) {
    await ctx.db.update(companionActions).set({ status: "proposed" }).where(eq(companionActions.id, id));
    throw error;
  }
}

export async function dismissAction(ctx: SignedInContext, id: number) {
  const row = await findAction(ctx, id);
  if (row.status !== "proposed") refuseState(row);
  const [updated] = await ctx.db
    .update(companionActions)
    .set({ status: "dismissed" })
    .where(and(eq(companionActions.id, id), eq(companionActions.userId, ctx.user.id), eq(companionActions.status, "proposed")))
    .returning();
  if (!updated) refuseState(await findAction(ctx, id));
  return toActionOutput(updated);
}
