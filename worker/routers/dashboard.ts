import { and, asc, count, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db";
import { mealPlans, pantryItems, receipts, recipes, savedRecipes } from "../../db/schema";
import { MEAL_TYPES } from "../domain/constants";
import { addDays, todayIn } from "../domain/dates";
import { pantryExpiry } from "../domain/expiry";
import { visiblePantryItem } from "../services/pantry";
import { confirmedReceipt } from "../services/receipts";
import { protectedProcedure, router } from "../trpc";

export const DASHBOARD_EXPIRING_MAX = 10;
/** The last day of the warning band (pantry bands: 0-2 critical, 3-7 warning). */
const EXPIRING_HORIZON_DAYS = 7;

/**
 * The dashboard's reads, each answered from an index on (user_id, ...). Exported so a test can check their
 * query plans; run together in one db.batch (one D1 round trip).
 */
export function dashboardQueries(db: Db, userId: string, today: string) {
  return [
    // Confirmed receipts only: drafts waiting for review are not purchases yet.
    db.select({ value: count() }).from(receipts).where(and(eq(receipts.userId, userId), confirmedReceipt)),
    db
      .select({ value: count() })
      .from(pantryItems)
      .where(and(eq(pantryItems.userId, userId), visiblePantryItem)),
    db.select({ value: count() }).from(savedRecipes).where(eq(savedRecipes.userId, userId)),
    // Expired, critical and warning items come out in date order, which is also band order.
    db
      .select({ id: pantryItems.id, name: pantryItems.name, expirationDate: pantryItems.expirationDate, category: pantryItems.category })
      .from(pantryItems)
      .where(
        and(
          eq(pantryItems.userId, userId),
          isNotNull(pantryItems.expirationDate),
          lte(pantryItems.expirationDate, addDays(today, EXPIRING_HORIZON_DAYS)),
          visiblePantryItem,
        ),
      )
      .orderBy(asc(pantryItems.expirationDate), asc(pantryItems.id))
      .limit(DASHBOARD_EXPIRING_MAX),
    db
      .select({ id: mealPlans.id, mealType: mealPlans.mealType, date: mealPlans.date, notes: mealPlans.notes, recipeTitle: recipes.title })
      .from(mealPlans)
      // Only a library recipe or the user's own may lend its title.
      .leftJoin(recipes, and(eq(recipes.id, mealPlans.recipeId), or(isNull(recipes.userId), eq(recipes.userId, userId))))
      .where(and(eq(mealPlans.userId, userId), eq(mealPlans.date, today)))
      .orderBy(asc(mealPlans.id)),
  ] as const;
}

function mealTypeRank(mealType: string): number {
  const rank = (MEAL_TYPES as readonly string[]).indexOf(mealType.toLowerCase());
  return rank === -1 ? MEAL_TYPES.length : rank;
}

export const dashboardRouter = router({
  /** Counts, up to 10 expiring items and today's meal plans (the user's own calendar day) in one round trip. */
  get: protectedProcedure.query(async ({ ctx }) => {
    const today = todayIn(ctx.user.timeZone);
    const [receiptCount, pantryCount, savedCount, expiring, plans] = await ctx.db.batch(dashboardQueries(ctx.db, ctx.user.id, today));
    return {
      counts: {
        receipts: receiptCount[0]?.value ?? 0,
        pantryItems: pantryCount[0]?.value ?? 0,
        savedRecipes: savedCount[0]?.value ?? 0,
      },
      expiringItems: expiring
        .map((item) => ({ ...item, expiry: pantryExpiry(item.expirationDate, today) }))
        .filter((item) => item.expiry.band === "expired" || item.expiry.band === "critical" || item.expiry.band === "warning"),
      todayMealPlans: plans
        .map((plan) => ({ id: plan.id, name: plan.recipeTitle ?? plan.notes ?? "Meal", mealType: plan.mealType, date: plan.date }))
        // Breakfast, lunch, dinner, then the other meal types; stable within a type.
        .sort((a, b) => mealTypeRank(a.mealType) - mealTypeRank(b.mealType)),
    };
  }),
});
