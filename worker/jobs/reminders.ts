/**
 * Expiry reminders, run by the hourly cron ("0 * * * *").
 *
 * When a user hears from us: once per local day, at the first run at or after 07:00 in their own time zone
 * (users.timeZone). Later runs that day find the day's notification (unique on user_id, kind, day) and skip the
 * user; a run that missed 07:00 (outage, long sweep) still reaches them later the same day.
 *
 * What is listed: pantry items still present (visiblePantryItem) whose expiry date is at most today +
 * reminderLeadDays (default 2, so they are in or entering the critical band), and items that already expired
 * within the last 30 days and were never used or thrown away (reminderDateRange in domain/expiry.ts). Items
 * expired longer ago stop being repeated every morning. Every item listed is also in the pantry's "Expiring
 * soon" list that the reminder links to (the lead time is at most the expiring-soon window).
 *
 * How it scales: users are read in pages by keyset pagination on users.id. Each page costs a fixed number of
 * D1 round trips whatever its size: the page of users (with each user's last reminder day from the unique
 * index), the due items of the page's eligible users (one query; the user ids travel as one JSON parameter and
 * each user is an index seek on pantry_items (user_id, expiration_date)), the due users' push subscriptions and
 * their own recipes (one query each), one INSERT ... SELECT FROM json_each(?) ON CONFLICT DO NOTHING RETURNING
 * for all of the page's notifications (one bound parameter, far below D1's 100), and one DELETE for gone push
 * endpoints. The shared recipe library is read once per run.
 *
 * A run stops starting new pages when its D1 query budget or its push budget is spent (a page is cut before the
 * first user whose pushes would not fit) and stores the cursor in KV; the next hourly run continues from there.
 * With the defaults one run covers 100,000 users (see scripts/bench-reminders.ts), so the cursor only matters
 * for much larger user bases or very many push subscriptions in one time zone.
 *
 * Channels: in-app notifications and Web Push. Email is an optional channel the issue leaves out of scope; it
 * would hang off the same place as Web Push: for the rows the INSERT returned, send the notification's title and
 * body through an email API (Cloudflare Email Workers' send_email binding or a provider's HTTP API), with its own
 * budget.
 */
import { sql } from "drizzle-orm";
import { createDb, type Db } from "../../db";
import { pantryItems, type NotificationData } from "../../db/schema";
import { daysBetween, localClock } from "../domain/dates";
import { reminderDateRange } from "../domain/expiry";
import { normalizeFoodName } from "../domain/foodNames";
import { sendWebPush, vapidConfigFrom, type PushTarget } from "../lib/webPush";
import { DEFAULT_REMINDER_LEAD_DAYS, REMINDER_LEAD_DAYS_MAX, REMINDER_LEAD_DAYS_MIN } from "../schemas/insights";
import { visiblePantryItem } from "../services/pantry";

export const REMINDER_KIND = "expiry";
/** Local hour from which a user's reminder for the day may be created. */
export const REMINDER_LOCAL_HOUR = 7;
export const DEFAULT_REMINDER_PAGE_SIZE = 1000;
/** Larger pages would make the JSON parameters approach D1's 1 MB limit for one bound string. */
const MAX_REMINDER_PAGE_SIZE = 1000;
/**
 * The notifications of a page travel as one JSON parameter; past this many characters the INSERT is split
 * (a character is at most 3 bytes in UTF-8, so a chunk stays under D1's 1 MB per bound string).
 */
const MAX_INSERT_PARAMETER_CHARS = 300_000;
/**
 * D1 queries one run may make: D1 allows 1000 per Worker invocation on the paid plan; the margin leaves room for
 * the other cron jobs.
 */
export const REMINDER_QUERY_BUDGET = 900;
/** Push requests (outgoing fetches) one run may make, under the Workers subrequest limit with a margin. */
export const REMINDER_PUSH_BUDGET = 900;
/** The most D1 round trips one page can take (users, items, own recipes, library, insert, subscriptions, deletes). */
const MAX_QUERIES_PER_PAGE = 7;
/** At most this many push requests in flight (a Worker may hold 6 connections open). */
const PUSH_CONCURRENCY = 6;
const NAMES_IN_BODY = 5;
const ITEMS_IN_DATA = 20;
export const REMINDER_CURSOR_KEY = "job:expiry-reminders:cursor";

export type ReminderPageStats = {
  page: number;
  users: number;
  eligibleUsers: number;
  dueUsers: number;
  notificationsCreated: number;
  queries: number;
  pushRequests: number;
  ms: number;
};

export type ReminderRunOptions = {
  pageSize?: number;
  /** Start after this user id instead of the stored cursor (null: from the beginning). */
  startAfter?: string | null;
  /** D1 queries this run may make (see REMINDER_QUERY_BUDGET). */
  queryBudget?: number;
  /** Push requests this run may make (see REMINDER_PUSH_BUDGET). */
  pushBudget?: number;
  /** Where push requests go; tests and the benchmark pass a fake. */
  fetchImpl?: typeof fetch;
  /** Called after each page, for the benchmark and logs. */
  onPage?: (stats: ReminderPageStats) => void;
  /** Read and store the resume cursor in KV (default true when no startAfter is given). */
  useStoredCursor?: boolean;
};

export type ReminderRunResult = {
  pages: number;
  usersScanned: number;
  notificationsCreated: number;
  pushSent: number;
  pushFailed: number;
  pushRemoved: number;
  queries: number;
  /** Null when the sweep reached the last user; otherwise where the next run continues. */
  cursor: string | null;
};

type UserPageRow = { id: string; timeZone: string; leadDays: number; lastReminderDay: string | null };
type DueItemRow = { id: number; userId: string; name: string; expirationDate: string };
type RecipeIngredientRow = { id: number; title: string; name: string };
type RecipeCandidate = { id: number; title: string; ingredientCount: number };
type InsertedRow = { id: number; userId: string; day: string; title: string; body: string };
type SubscriptionRow = { id: number; userId: string; endpoint: string; p256dh: string; auth: string };

type PlannedReminder = { userId: string; day: string; title: string; body: string; data: NotificationData };

// ---------- wording ----------

/** "today", "tomorrow", "in 3 days" or "expired", from whole days until the expiry date. */
export function describeDaysLeft(days: number): string {
  if (days < 0) return "expired";
  if (days === 0) return "today";
  if (days === 1) return "tomorrow";
  return `in ${days} days`;
}

export function reminderTitle(total: number, expiredCount: number): string {
  if (expiredCount === total) return total === 1 ? "1 item has expired" : `${total} items have expired`;
  return total === 1 ? "1 item expires soon" : `${total} items expire soon`;
}

export function reminderBody(items: { name: string; daysLeft: number }[], recipe: { title: string } | null): string {
  const listed = items.slice(0, NAMES_IN_BODY).map((item) => `${item.name} (${describeDaysLeft(item.daysLeft)})`);
  const rest = items.length - listed.length;
  let body = rest > 0 ? `${listed.join(", ")} and ${rest} more.` : `${listed.join(", ")}.`;
  if (recipe) body += ` Idea: ${recipe.title}.`;
  return body;
}

// ---------- recipe suggestion ----------
// An inverted word index built once per run, not rankRecipesForPantry (worker/domain/matching.ts): that function
// normalises every ingredient line on each call, which across the library and tens of thousands of due users
// would cost minutes of CPU per run. Names go through the same normalizeFoodName (domain/foodNames.ts), so both
// agree on what a food is called; an item and an ingredient match when the head noun (last word) of either is in the other.

/**
 * The significant words of a food name, as matching.ts normalises them (singular, no preparation, size or brand
 * words, synonyms unified): "Fresh Scallions, chopped" -> green, onion.
 */
export function foodNameKeys(name: string): Set<string> {
  return new Set(normalizeFoodName(name).split(" ").filter((word) => word.length > 1));
}

function lastWord(keys: Set<string>): string | undefined {
  let last: string | undefined;
  for (const key of keys) last = key;
  return last;
}

/**
 * Recipes indexed by ingredient words, so finding the recipes that use an item costs a few map look-ups instead
 * of a pass over every recipe (the library is shared by every user of a run).
 */
type RecipeIndex = {
  recipes: RecipeCandidate[];
  /** Every significant word of an ingredient -> recipes (positions in `recipes`). */
  byWord: Map<string, Set<number>>;
  /** The head noun (last word) of an ingredient -> recipes. */
  byHead: Map<string, Set<number>>;
};

function addTo(map: Map<string, Set<number>>, key: string, value: number) {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function indexRecipes(rows: RecipeIngredientRow[]): RecipeIndex {
  const index: RecipeIndex = { recipes: [], byWord: new Map(), byHead: new Map() };
  const positionOf = new Map<number, number>();
  for (const row of rows) {
    let position = positionOf.get(row.id);
    if (position === undefined) {
      position = index.recipes.push({ id: row.id, title: row.title, ingredientCount: 0 }) - 1;
      positionOf.set(row.id, position);
    }
    index.recipes[position]!.ingredientCount += 1;
    const keys = foodNameKeys(row.name);
    for (const key of keys) addTo(index.byWord, key, position);
    const head = lastWord(keys);
    if (head) addTo(index.byHead, head, position);
  }
  return index;
}

/** Recipes with an ingredient matching the item (the head noun of either is one of the other's words). */
function recipesUsing(index: RecipeIndex, keys: Set<string>): Set<number> {
  const found = new Set<number>();
  const head = lastWord(keys);
  if (head) for (const position of index.byWord.get(head) ?? []) found.add(position);
  for (const key of keys) for (const position of index.byHead.get(key) ?? []) found.add(position);
  return found;
}

/**
 * The recipe that uses the most of the due items, sooner-expiring items weighing more, then the one with fewer
 * ingredients (easier to cook tonight). Null when no recipe uses any of them.
 */
function pickRecipe(dueItems: { keys: Set<string>; daysLeft: number }[], indexes: RecipeIndex[]): { id: number; title: string } | null {
  let best: { recipe: RecipeCandidate; score: number } | null = null;
  for (const index of indexes) {
    const scores = new Map<number, number>();
    for (const item of dueItems) {
      // Expired items count least: they may need throwing away rather than cooking.
      const weight = item.daysLeft < 0 ? 0.5 : 1 + 1 / (1 + item.daysLeft);
      for (const position of recipesUsing(index, item.keys)) scores.set(position, (scores.get(position) ?? 0) + weight);
    }
    for (const [position, score] of scores) {
      const recipe = index.recipes[position]!;
      if (
        !best ||
        score > best.score ||
        (score === best.score && (recipe.ingredientCount < best.recipe.ingredientCount || (recipe.ingredientCount === best.recipe.ingredientCount && recipe.id < best.recipe.id)))
      ) {
        best = { recipe, score };
      }
    }
  }
  return best ? { id: best.recipe.id, title: best.recipe.title } : null;
}

/** Splits rows so each chunk's JSON stays under `maxChars` characters. */
function chunkByJsonSize<T>(rows: T[], maxChars: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 2;
  for (const row of rows) {
    const rowSize = JSON.stringify(row).length + 1;
    if (current.length > 0 && size + rowSize > maxChars) {
      chunks.push(current);
      current = [];
      size = 2;
    }
    current.push(row);
    size += rowSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

// ---------- local time ----------

type LocalClock = { today: string; hour: number };

/** Today's date and hour per time zone (domain/dates.ts), computed once per zone per run. */
function localClockCache(now: Date) {
  const cache = new Map<string, LocalClock>();
  return (timeZone: string): LocalClock => {
    let clock = cache.get(timeZone);
    if (!clock) {
      clock = localClock(timeZone, now);
      cache.set(timeZone, clock);
    }
    return clock;
  };
}

function clampLeadDays(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return DEFAULT_REMINDER_LEAD_DAYS;
  return Math.min(REMINDER_LEAD_DAYS_MAX, Math.max(REMINDER_LEAD_DAYS_MIN, Math.round(value)));
}

// ---------- queries ----------

function loadUserPage(db: Db, after: string | null, pageSize: number): Promise<UserPageRow[]> {
  // The unique (user_id, kind, day) index answers each user's max(day) with one seek.
  return db.all<UserPageRow>(sql`
    select u.id as id, u.time_zone as timeZone, u.reminder_lead_days as leadDays,
      (select max(n.day) from notifications n where n.user_id = u.id and n.kind = ${REMINDER_KIND}) as lastReminderDay
    from users u
    where u.reminders_enabled = 1 and u.disabled = 0 and u.id > ${after ?? ""}
    order by u.id
    limit ${pageSize}`);
}

/**
 * Due items for many users in one query; `windows` carries each user's own date range as one JSON parameter.
 * Exported so a test can read its query plan (one index seek per user on the partial index of visible items).
 */
export function dueItemsQuery(windows: { u: string; from: string; to: string }[]) {
  return sql`
    select ${pantryItems.id} as id, ${pantryItems.userId} as userId, ${pantryItems.name} as name, ${pantryItems.expirationDate} as expirationDate
    from json_each(${JSON.stringify(windows)}) as w
    cross join ${pantryItems}
    where ${pantryItems.userId} = json_extract(w.value, '$.u')
      and ${pantryItems.expirationDate} >= json_extract(w.value, '$.from')
      and ${pantryItems.expirationDate} <= json_extract(w.value, '$.to')
      and ${visiblePantryItem}
    order by ${pantryItems.userId}, ${pantryItems.expirationDate}, ${pantryItems.id}`;
}

function loadDueItems(db: Db, windows: { u: string; from: string; to: string }[]): Promise<DueItemRow[]> {
  return db.all<DueItemRow>(dueItemsQuery(windows));
}

function loadLibraryRecipes(db: Db): Promise<RecipeIngredientRow[]> {
  return db.all<RecipeIngredientRow>(sql`
    select r.id as id, r.title as title, ri.name as name
    from recipes r join recipe_ingredients ri on ri.recipe_id = r.id
    where r.user_id is null`);
}

function loadOwnRecipes(db: Db, userIds: string[]): Promise<(RecipeIngredientRow & { userId: string })[]> {
  return db.all(sql`
    select r.id as id, r.title as title, r.user_id as userId, ri.name as name
    from json_each(${JSON.stringify(userIds)}) as u
    cross join recipes r
    join recipe_ingredients ri on ri.recipe_id = r.id
    where r.user_id = u.value`);
}

/** One statement for the whole page; the unique (user_id, kind, day) index makes a second run insert nothing. */
function insertReminders(db: Db, planned: PlannedReminder[]): Promise<InsertedRow[]> {
  return db.all<InsertedRow>(sql`
    insert into notifications (user_id, kind, day, title, body, data)
    select json_extract(r.value, '$.userId'), ${REMINDER_KIND}, json_extract(r.value, '$.day'), json_extract(r.value, '$.title'),
      json_extract(r.value, '$.body'), json_extract(r.value, '$.data')
    from json_each(${JSON.stringify(planned)}) as r
    where true
    on conflict (user_id, kind, day) do nothing
    returning id, user_id as userId, day, title, body`);
}

function loadSubscriptions(db: Db, userIds: string[]): Promise<SubscriptionRow[]> {
  return db.all<SubscriptionRow>(sql`
    select s.id as id, s.user_id as userId, s.endpoint as endpoint, s.p256dh as p256dh, s.auth as auth
    from json_each(${JSON.stringify(userIds)}) as u
    cross join push_subscriptions s
    where s.user_id = u.value`);
}

function deleteSubscriptions(db: Db, ids: number[]) {
  return db.run(sql`delete from push_subscriptions where id in (select value from json_each(${JSON.stringify(ids)}))`);
}

// ---------- push ----------

type PushOutcome = { sent: number; failed: number; removed: number; requests: number; queries: number };

/** Sends each newly inserted reminder to its user's browsers, PUSH_CONCURRENCY at a time; deletes gone endpoints. */
async function deliverPushes(env: Env, db: Db, inserted: InsertedRow[], subscriptions: SubscriptionRow[], fetchImpl: typeof fetch): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, failed: 0, removed: 0, requests: 0, queries: 0 };
  const byUser = new Map(inserted.map((row) => [row.userId, row]));
  const queue = subscriptions.filter((s) => byUser.has(s.userId));
  const gone: number[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      outcome.requests += 1;
      const notification = byUser.get(next.userId)!;
      const target: PushTarget = { endpoint: next.endpoint, p256dh: next.p256dh, auth: next.auth };
      try {
        const result = await sendWebPush(
          target,
          { title: notification.title, body: notification.body, url: "/pantry?filter=expiring", tag: `expiry-${notification.day}`, notificationId: notification.id },
          env,
          fetchImpl,
          { topic: `expiry-${notification.day.replaceAll("-", "")}` },
        );
        if (result.ok) outcome.sent += 1;
        else {
          outcome.failed += 1;
          if (result.gone) gone.push(next.id);
          else console.warn(`Expiry reminders: push to ${new URL(next.endpoint).host} failed with status ${result.status}`);
        }
      } catch (error) {
        outcome.failed += 1;
        console.warn("Expiry reminders: push could not be prepared", error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, queue.length) }, worker));
  if (gone.length > 0) {
    await deleteSubscriptions(db, gone);
    outcome.queries += 1;
    outcome.removed = gone.length;
  }
  return outcome;
}

// ---------- the job ----------

/**
 * Creates the day's expiry reminders for every user with reminders on (see the file comment for when and how).
 * Running it twice in the same hour, or day, creates nothing new.
 */
export async function runExpiryReminders(env: Env, now: Date, options: ReminderRunOptions = {}): Promise<ReminderRunResult> {
  const db = createDb(env.DB);
  const pageSize = Math.max(1, Math.min(options.pageSize ?? DEFAULT_REMINDER_PAGE_SIZE, MAX_REMINDER_PAGE_SIZE));
  const fetchImpl = options.fetchImpl ?? fetch;
  const useStoredCursor = options.useStoredCursor ?? options.startAfter === undefined;
  const pushConfigured = vapidConfigFrom(env) !== null;
  let queriesLeft = options.queryBudget ?? REMINDER_QUERY_BUDGET;
  let pushesLeft = options.pushBudget ?? REMINDER_PUSH_BUDGET;
  const clockFor = localClockCache(now);
  const result: ReminderRunResult = { pages: 0, usersScanned: 0, notificationsCreated: 0, pushSent: 0, pushFailed: 0, pushRemoved: 0, queries: 0, cursor: null };

  let cursor: string | null = options.startAfter ?? null;
  const storedCursor = useStoredCursor && env.SESSIONS ? await env.SESSIONS.get(REMINDER_CURSOR_KEY) : null;
  if (storedCursor) cursor = storedCursor;

  let library: RecipeIndex | null = null;
  let finished = false;

  while (queriesLeft >= MAX_QUERIES_PER_PAGE) {
    const started = Date.now();
    let queries = 0;
    const counted = <T>(query: Promise<T>): Promise<T> => {
      queries += 1;
      return query;
    };
    let page = await counted(loadUserPage(db, cursor, pageSize));
    if (page.length === 0) {
      finished = true;
      result.queries += queries;
      break;
    }
    const fullPage = page.length === pageSize;

    // Who is due a reminder now: past 07:00 locally and not yet reminded today.
    const eligible: (UserPageRow & LocalClock & { from: string; to: string })[] = [];
    for (const user of page) {
      const clock = clockFor(user.timeZone);
      if (clock.hour < REMINDER_LOCAL_HOUR) continue;
      if (user.lastReminderDay !== null && user.lastReminderDay >= clock.today) continue;
      eligible.push({ ...user, ...clock, ...reminderDateRange(clock.today, clampLeadDays(user.leadDays)) });
    }

    let dueCount = 0;
    let created = 0;
    let pushRequests = 0;
    let pushBudgetSpent = false;
    if (eligible.length > 0) {
      const items = await counted(loadDueItems(db, eligible.map((u) => ({ u: u.id, from: u.from, to: u.to }))));
      const itemsByUser = groupBy(items, (item) => item.userId);
      let due = eligible.filter((u) => itemsByUser.has(u.id));

      let subscriptions: SubscriptionRow[] = [];
      if (due.length > 0 && pushConfigured) {
        subscriptions = await counted(loadSubscriptions(db, due.map((u) => u.id)));
        // Stop the page before the first user whose pushes no longer fit this run; the next run starts there,
        // so nobody gets an in-app reminder without its push. At least one user always goes through.
        const perUser = groupBy(subscriptions, (s) => s.userId);
        let planned = 0;
        const cut = due.findIndex((user, index) => {
          planned += perUser.get(user.id)?.length ?? 0;
          return index > 0 && planned > pushesLeft;
        });
        if (cut > 0) {
          const firstDeferred = due[cut]!.id;
          due = due.slice(0, cut);
          page = page.filter((user) => user.id < firstDeferred);
          pushBudgetSpent = true;
        }
      }
      dueCount = due.length;

      if (due.length > 0) {
        library ??= indexRecipes(await counted(loadLibraryRecipes(db)));
        const libraryIndex = library;
        const ownByUser = groupBy(await counted(loadOwnRecipes(db, due.map((u) => u.id))), (row) => row.userId);

        const planned: PlannedReminder[] = due.map((user) => {
          const userItems = itemsByUser
            .get(user.id)!
            .map((item) => ({ ...item, daysLeft: daysBetween(user.today, item.expirationDate), keys: foodNameKeys(item.name) }))
            // What can still be saved comes first, soonest first; then what already expired, most recent first.
            .sort((a, b) => (a.daysLeft < 0 ? 1 : 0) - (b.daysLeft < 0 ? 1 : 0) || (a.daysLeft < 0 ? b.daysLeft - a.daysLeft : a.daysLeft - b.daysLeft));
          const own = ownByUser.get(user.id);
          const recipe = pickRecipe(userItems, own ? [indexRecipes(own), libraryIndex] : [libraryIndex]);
          const expiredCount = userItems.filter((item) => item.daysLeft < 0).length;
          return {
            userId: user.id,
            day: user.today,
            title: reminderTitle(userItems.length, expiredCount),
            body: reminderBody(userItems, recipe),
            data: {
              items: userItems.slice(0, ITEMS_IN_DATA).map((item) => ({ id: item.id, name: item.name, expirationDate: item.expirationDate })),
              recipe,
            },
          };
        });

        const inserted: InsertedRow[] = [];
        for (const chunk of chunkByJsonSize(planned, MAX_INSERT_PARAMETER_CHARS)) inserted.push(...(await counted(insertReminders(db, chunk))));
        created = inserted.length;
        // Only rows this run inserted are pushed, so a second run never pushes twice.
        if (subscriptions.length > 0 && inserted.length > 0) {
          const push = await deliverPushes(env, db, inserted, subscriptions, fetchImpl);
          queries += push.queries;
          pushRequests = push.requests;
          pushesLeft -= push.requests;
          result.pushSent += push.sent;
          result.pushFailed += push.failed;
          result.pushRemoved += push.removed;
          if (push.failed > push.removed) console.warn(`Expiry reminders: ${push.failed - push.removed} push deliveries failed`);
        }
      }
    }

    queriesLeft -= queries;
    result.queries += queries;
    result.pages += 1;
    result.usersScanned += page.length;
    result.notificationsCreated += created;
    if (page.length > 0) cursor = page[page.length - 1]!.id;
    options.onPage?.({
      page: result.pages,
      users: page.length,
      eligibleUsers: eligible.length,
      dueUsers: dueCount,
      notificationsCreated: created,
      queries,
      pushRequests,
      ms: Date.now() - started,
    });
    if (pushBudgetSpent) break;
    if (!fullPage) {
      finished = true;
      break;
    }
  }

  result.cursor = finished ? null : cursor;
  if (useStoredCursor && env.SESSIONS) {
    if (result.cursor) await env.SESSIONS.put(REMINDER_CURSOR_KEY, result.cursor);
    else if (storedCursor) await env.SESSIONS.delete(REMINDER_CURSOR_KEY);
    if (result.cursor) console.warn(`Expiry reminders: budget spent after ${result.usersScanned} users; the next run continues`);
  }
  return result;
}
