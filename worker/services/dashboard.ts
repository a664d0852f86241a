/**
 * The dashboard's reads: counts, what expires soon (the expiring-soon rule of domain/expiry.ts, the same list the
 * pantry's "Expiring soon" filter shows) and today's meal plans, in one D1 round trip.
 */
import { and, asc, count, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { mealPlans, pantryItems, receipts, recipes, savedRecipes } from "../../db/schema";
import { pantryBandDates, pantryExpiry } from "../domain/expiry";
import { mealTypeRank } from "../domain/mealSlots";
import { expiringSoonPantryItem, visiblePantryItem } from "./pantry";
import { confirmedReceipt } from "./receipts";

export const DASHBOARD_EXPIRING_MAX = 10;

/**
 * The dashboard's reads, each answered from an index on (user_id, ...). Exported so a test can check their
 * query plans; run together in one db.batch (one D1 round trip).
 */
export function dashboardQueries(db: Db, userId: string, today: string) {
  const expiringSoon = and(eq(pantryItems.userId, userId), expiringSoonPantryItem(today), visiblePantryItem);
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
      .where(expiringSoon)
      .orderBy(asc(pantryItems.expirationDate), asc(pantryItems.id))
      .limit(DASHBOARD_EXPIRING_MAX),
    // Counted in SQL, not from the listed ten: the summary sentence must hold however many there are.
    db
      .select({
        value: count(),
        expired: sql<number>`coalesce(sum(${pantryItems.expirationDate} <= ${pantryBandDates("expired", today).to}), 0)`,
        critical: sql<number>`coalesce(sum(${pantryItems.expirationDate} >= ${today} AND ${pantryItems.expirationDate} <= ${pantryBandDates("critical", today).to}), 0)`,
      })
      .from(pantryItems)
      .where(expiringSoon),
    db
      .select({ id: mealPlans.id, mealType: mealPlans.mealType, date: mealPlans.date, notes: mealPlans.notes, recipeTitle: recipes.title })
      .from(mealPlans)
      // Only a library recipe or the user's own may lend its title.
      .leftJoin(recipes, and(eq(recipes.id, mealPlans.recipeId), or(isNull(recipes.userId), eq(recipes.userId, userId))))
      .where(and(eq(mealPlans.userId, userId), eq(mealPlans.date, today)))
      .orderBy(asc(mealPlans.id)),
  ] as const;
}

/** Counts, up to 10 expiring items (and how many there are in all) and today's meal plans of the user's own day. */
export async function getDashboard(ctx: { db: Db }, userId: string, today: string) {
  const [receiptCount, pantryCount, savedCount, expiring, expiringCount, plans] = await ctx.db.batch(dashboardQueries(ctx.db, userId, today));
  return {
    counts: {
      receipts: receiptCount[0]?.value ?? 0,
      pantryItems: pantryCount[0]?.value ?? 0,
      savedRecipes: savedCount[0]?.value ?? 0,
    },
    expiringItems: expiring.map((item) => ({ ...item, expiry: pantryExpiry(item.expirationDate, today) })),
    /** Every item expiring soon; the card lists the first DASHBOARD_EXPIRING_MAX and links to the rest. */
    expiringCount: expiringCount[0]?.value ?? 0,
    /** How many have expired and how many expire in the next 2 days (today included), for the summary sentence. */
    expiryCounts: { expired: Number(expiringCount[0]?.expired ?? 0), nextTwoDays: Number(expiringCount[0]?.critical ?? 0) },
    todayMealPlans: plans
      .map((plan) => ({ id: plan.id, name: plan.recipeTitle ?? plan.notes ?? "Meal", mealType: plan.mealType, date: plan.date }))
      // Breakfast, lunch, dinner, then the other meal types; stable within a type.
      .sort((a, b) => mealTypeRank(a.mealType) - mealTypeRank(b.mealType)),
  };
}
