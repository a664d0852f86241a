import { useEffect, useMemo, useRef, useState } from "react";
import { DndContext, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import { useAuth } from "../../lib/auth";
import { browserFirstDayOfWeek } from "../../lib/weekStart";
import { Button } from "../../components/ui/Button";
import { Card, CardContent } from "../../components/ui/Card";
import { Progress } from "../../components/ui/Progress";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast } from "../../components/ui/toast-store";
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, RefreshIcon, SparklesIcon } from "../../components/icons";
import { useUserToday } from "../../components/pantry/useUserToday";
import { addDays } from "../../../worker/domain/dates";
import { addMonths, completion, DAILY_SLOTS, lastOfMonth, monthGrid, startOfWeek, weekDates, type Weekday } from "../../../worker/domain/mealSlots";
import type { MealType } from "../../../worker/domain/constants";
import { showSaveError, useMealPlanRange, useMealPlansChanged, type MealPlanEntry } from "./mealPlanData";
import { MonthView, parseDropId, slotElementFor, WeekView } from "./CalendarViews";
import { MealSlotDialog, type EntryChange, type SlotTarget } from "./MealSlotDialog";
import { MoveCopyDialog } from "./MoveCopyDialog";
import { CookDialog } from "./CookDialog";
import { TemplatesDialog } from "./TemplatesDialog";
import { CalendarFeedDialog } from "./CalendarFeedDialog";
import type { EntryActions } from "./MealEntryCard";
import { formatDay, MEAL_LABELS } from "./mealLabels";
import { ShoppingListFromPlanButton } from "../../components/groceryLists/ShoppingListFromPlanButton";
import { PlanChangeOffer } from "../../components/groceryLists/PlanChangeOffer";
import "../../styles/pantry.css";
import "../../styles/mealPlans.css";

type View = "week" | "month";

/** "23–29 November 2026" or "November 2026", in the browser's language. */
function rangeLabel(view: View, days: readonly string[], anchor: string): string {
  if (view === "month") return formatDay(`${anchor.slice(0, 7)}-01`, { month: "long", year: "numeric" });
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);
  return new Intl.DateTimeFormat(undefined, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).formatRange(noon(days[0]!), noon(days[days.length - 1]!));
}

/**
 * Meal plans (/meal-plans and /mealplans): a week or month calendar with breakfast, lunch and dinner per day, Plan
 * my week (around what expires first, with a reason per meal, locks and reshuffle), drag and drop or a Move/Copy
 * dialog, servings per meal, weekly repeats, week templates, Cooked it, and a calendar feed.
 */
export function MealPlansPage() {
  usePageTitle("Meal Plans");
  const { user } = useAuth();
  const today = useUserToday();
  const firstDay = useMemo<Weekday>(browserFirstDayOfWeek, []);
  const [view, setView] = useState<View>("week");
  const [anchor, setAnchor] = useState(today);
  const weekStart = startOfWeek(anchor, firstDay);
  const days = useMemo(() => (view === "week" ? weekDates(weekStart) : monthGrid(anchor, firstDay)), [view, weekStart, anchor, firstDay]);
  const range = useMealPlanRange(days[0]!, days[days.length - 1]!);
  const entries = useMemo(() => range.data?.entries ?? [], [range.data]);

  const [slotTarget, setSlotTarget] = useState<SlotTarget | null>(null);
  const [moving, setMoving] = useState<{ entry: MealPlanEntry; mode: "move" | "copy" } | null>(null);
  const [cooking, setCooking] = useState<MealPlanEntry | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  // The last meal edited, moved or deleted: a shopping list made from it is offered the same change.
  const [changedMealId, setChangedMealId] = useState<number | null>(null);
  const onEntryChange = (change: EntryChange) => setChangedMealId(change.before.id);

  const changed = useMealPlansChanged();
  const update = trpc.mealPlans.update.useMutation();
  const copy = trpc.mealPlans.copy.useMutation();
  const remove = trpc.mealPlans.delete.useMutation();
  const create = trpc.mealPlans.create.useMutation();
  const repeat = trpc.mealPlans.repeat.useMutation();
  const stopRepeat = trpc.mealPlans.stopRepeat.useMutation();
  const planWeek = trpc.mealPlans.planWeek.useMutation();

  const withBusy = async (id: number, work: () => Promise<void>) => {
    setBusyIds((current) => new Set(current).add(id));
    try {
      await work();
    } finally {
      setBusyIds((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleteEntry = (entry: MealPlanEntry) =>
    withBusy(entry.id, async () => {
      try {
        const result = await remove.mutateAsync({ id: entry.id });
        onEntryChange({ before: result.deleted, after: null });
        setSlotTarget(null);
        await changed();
        // The card and the menu or dialog that deleted it are gone: keep keyboard users where the meal was.
        (slotElementFor(entry.date, entry.mealType) ?? headingRef.current)?.focus();
        toast({
          title: "Meal removed",
          description: `${entry.name} was removed from ${formatDay(entry.date)}.`,
          action: {
            label: "Undo",
            onClick: () =>
              void create
                .mutateAsync({ date: entry.date, mealType: entry.mealType, recipeId: entry.recipeId, notes: entry.notes, servings: entry.customServings })
                .then(changed)
                .catch(showSaveError),
          },
        });
      } catch (error) {
        showSaveError(error);
      }
    });

  const actions: EntryActions = {
    edit: (entry) => setSlotTarget({ kind: "edit", entry }),
    moveOrCopy: (entry, mode) => setMoving({ entry, mode }),
    cook: (entry) => setCooking(entry),
    toggleLock: (entry) =>
      void withBusy(entry.id, async () => {
        try {
          await update.mutateAsync({ id: entry.id, locked: !entry.locked });
          await changed();
        } catch (error) {
          showSaveError(error);
        }
      }),
    repeat: (entry) =>
      void withBusy(entry.id, async () => {
        try {
          await repeat.mutateAsync({ id: entry.id });
          toast({ title: "Repeats every week", description: `${entry.name} every ${formatDay(entry.date, { weekday: "long" })}. Each week can be changed on its own.` });
          await changed();
        } catch (error) {
          showSaveError(error);
        }
      }),
    stopRepeat: (entry) =>
      void withBusy(entry.id, async () => {
        try {
          const result = await stopRepeat.mutateAsync({ id: entry.id });
          toast({ title: "Stopped repeating", description: `${result.removed} later week${result.removed === 1 ? "" : "s"} removed; earlier ones and ones you changed stay.` });
          await changed();
        } catch (error) {
          showSaveError(error);
        }
      }),
    remove: (entry) => void deleteEntry(entry),
  };

  // Alt (Option), Ctrl or Cmd held at the drop copies instead of moving.
  const copyKey = useRef(false);
  useEffect(() => {
    const read = (event: KeyboardEvent) => {
      copyKey.current = event.altKey || event.ctrlKey || event.metaKey;
    };
    window.addEventListener("keydown", read);
    window.addEventListener("keyup", read);
    return () => {
      window.removeEventListener("keydown", read);
      window.removeEventListener("keyup", read);
    };
  }, []);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));

  const onDragEnd = (event: DragEndEvent) => {
    const entry = event.active.data.current?.entry as MealPlanEntry | undefined;
    const target = event.over ? parseDropId(String(event.over.id)) : null;
    if (!entry || !target) return;
    const mealType: MealType = target.slot === "any" ? entry.mealType : target.slot === "extra" ? ((DAILY_SLOTS as readonly string[]).includes(entry.mealType) ? "snack" : entry.mealType) : target.slot;
    const copying = copyKey.current;
    if (!copying && target.date === entry.date && mealType === entry.mealType) return;
    void withBusy(entry.id, async () => {
      try {
        if (copying) {
          await copy.mutateAsync({ id: entry.id, date: target.date, mealType });
          toast({ title: "Meal copied", description: `${entry.name} added to ${MEAL_LABELS[mealType].toLowerCase()} on ${formatDay(target.date)}.` });
        } else {
          const result = await update.mutateAsync({ id: entry.id, date: target.date, mealType });
          onEntryChange({ before: result.before, after: result.after });
        }
        await changed();
      } catch (error) {
        showSaveError(error);
      }
    });
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${(active.data.current?.entry as MealPlanEntry | undefined)?.name ?? "meal"}.`,
    onDragOver: ({ over }) => (over ? `Over ${String(over.id).replace("|", ", ")}.` : "Not over a slot."),
    onDragEnd: ({ over }) => (over ? `Dropped on ${String(over.id).replace("|", ", ")}.` : "Dropped back where it was."),
    onDragCancel: () => "Moving cancelled.",
  };

  // Plan my week fills the shown week (in month view, the week holding the chosen day).
  const planStart = weekStart;
  const planDays = weekDates(planStart);
  const weekEntries = entries.filter((e) => planDays.includes(e.date));
  const reshufflable = weekEntries.some((e) => e.source === "auto" && !e.locked && e.date >= today);
  const weekOver = planDays[6]! < today;
  const [lastPlan, setLastPlan] = useState<{ message: string; uncheckedDiets: string[]; unfilled: number } | null>(null);
  const runPlan = async (reshuffle: boolean) => {
    try {
      const result = await planWeek.mutateAsync({ weekStart: planStart, reshuffle });
      setLastPlan({ message: result.message, uncheckedDiets: result.uncheckedDiets, unfilled: result.unfilled.length });
      toast({ title: reshuffle ? "Week reshuffled" : "Week planned", description: result.message });
      await changed();
    } catch (error) {
      showSaveError(error);
    }
  };

  const statsDays = view === "week" ? days : days.filter((d) => d.startsWith(anchor.slice(0, 7)));
  const done = completion(entries, statsDays);
  const inStats = entries.filter((e) => statsDays.includes(e.date));
  const distinctRecipes = new Set(inStats.map((e) => e.recipeId).filter((id) => id !== null)).size;
  const cooked = inStats.filter((e) => e.cookedAt).length;
  const preferences = user?.foodPreferences;
  const preferenceCount = (preferences?.allergies?.length ?? 0) + (preferences?.dietaryRestrictions?.length ?? 0) + (preferences?.dislikedFoods?.length ?? 0);

  const step = (direction: -1 | 1) => setAnchor((current) => (view === "week" ? addDays(current, 7 * direction) : addMonths(current, direction)));
  const label = rangeLabel(view, days, anchor);
  const loading = range.isPending;

  return (
    <div className="page meal-plans">
      <header className="page-header page-header--row">
        <div>
          <h1 className="page-title" ref={headingRef} tabIndex={-1}>
            Meal Plans
          </h1>
          <p className="page-subtitle">Plan the week around what expires first. Drag meals between slots, or use a meal's menu.</p>
        </div>
      </header>

      <div className="meal-plans__nav" role="toolbar" aria-label="Calendar">
        <div className="meal-plans__nav-group">
          <Button variant="outline" size="icon" onClick={() => step(-1)} aria-label={view === "week" ? "Previous week" : "Previous month"}>
            <ChevronLeftIcon size={18} />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(today)}>
            Today
          </Button>
          <Button variant="outline" size="icon" onClick={() => step(1)} aria-label={view === "week" ? "Next week" : "Next month"}>
            <ChevronRightIcon size={18} />
          </Button>
          <h2 className="meal-plans__range" aria-live="polite">
            {label}
          </h2>
        </div>
        <div className="meal-plans__views view-switch" role="group" aria-label="View">
          {(["week", "month"] as const).map((value) => (
            <button key={value} type="button" className={`view-switch__button${view === value ? " view-switch__button--on" : ""}`} aria-pressed={view === value} onClick={() => setView(value)}>
              {value === "week" ? "Week" : "Month"}
            </button>
          ))}
        </div>
      </div>

      <div className="meal-plans__toolbar" role="toolbar" aria-label="Plan actions">
        <Button onClick={() => void runPlan(false)} loading={planWeek.isPending && !planWeek.variables?.reshuffle} disabled={planWeek.isPending || weekOver}>
          <SparklesIcon size={16} />
          Plan my week
        </Button>
        <Button variant="outline" onClick={() => void runPlan(true)} loading={planWeek.isPending && Boolean(planWeek.variables?.reshuffle)} disabled={planWeek.isPending || !reshufflable}>
          <RefreshIcon size={16} />
          Reshuffle
        </Button>
        <Button variant="outline" onClick={() => setTemplatesOpen(true)}>
          Templates
        </Button>
        <Button variant="outline" onClick={() => setFeedOpen(true)}>
          <CalendarIcon size={16} />
          Calendar feed
        </Button>
        <div className="meal-plans__toolbar-extra">
          <ShoppingListFromPlanButton start={weekStart} end={addDays(weekStart, 6)} />
        </div>
      </div>

      {changedMealId !== null && <PlanChangeOffer key={changedMealId} mealPlanId={changedMealId} onDone={() => setChangedMealId(null)} />}

      {planWeek.isPending ? (
        <div className="meal-plans__planning" role="status">
          <p>Planning the week of {formatDay(planStart, { month: "long", day: "numeric" })}: matching your pantry against every recipe, soonest-expiring items first...</p>
          <div className="progress progress--indeterminate" aria-hidden="true">
            <div className="progress__bar" />
          </div>
        </div>
      ) : lastPlan ? (
        <div className="meal-plans__planning" role="status">
          <p>
            {lastPlan.message}
            {lastPlan.uncheckedDiets.length > 0 && ` We can't check ${lastPlan.uncheckedDiets.join(", ")} yet, so look over these meals yourself.`}
          </p>
        </div>
      ) : (
        <p className="muted small meal-plans__prefs">
          Plan my week fills the open breakfast, lunch and dinner slots from today on, skips locked meals and{" "}
          {preferenceCount > 0 ? "follows your diet, allergies and dislikes from " : "can follow your diet, allergies and dislikes: set them in "}
          <Link to="/profile">your profile</Link>.
        </p>
      )}

      <section aria-label="Summary" className="meal-plans__summary">
        <Card className="plan-stat">
          <CardContent>
            <p className="plan-stat__label">Meals planned</p>
            <div className="plan-stat__value">{loading ? <Skeleton width={80} height={28} /> : `${done.planned} of ${done.target}`}</div>
            <Progress value={done.planned} max={Math.max(done.target, 1)} label="Meals planned" valueText={`${done.percent}% of ${done.target} meals`} tone={done.percent === 100 ? "success" : "default"} />
            <p className="muted small">{done.percent}% of breakfasts, lunches and dinners {view === "week" ? "this week" : "this month"}</p>
          </CardContent>
        </Card>
        <Card className="plan-stat">
          <CardContent>
            <p className="plan-stat__label">Different recipes</p>
            <div className="plan-stat__value">{loading ? <Skeleton width={40} height={28} /> : distinctRecipes}</div>
            <p className="muted small">{inStats.length - inStats.filter((e) => e.recipeId !== null).length} custom meals</p>
          </CardContent>
        </Card>
        <Card className="plan-stat">
          <CardContent>
            <p className="plan-stat__label">Cooked</p>
            <div className="plan-stat__value">{loading ? <Skeleton width={40} height={28} /> : cooked}</div>
            <p className="muted small">Use a meal's "Cooked it" to take its ingredients from your pantry</p>
          </CardContent>
        </Card>
      </section>

      {range.isError && !range.data ? (
        <div className="alert alert--danger" role="alert">
          <p>{errorMessage(range.error, "We couldn't load your meal plan.")}</p>
          <Button size="sm" variant="outline" onClick={() => void range.refetch()} loading={range.isFetching}>
            Retry
          </Button>
        </div>
      ) : loading ? (
        <div className="week-view" aria-busy="true" aria-label="Loading your meal plan">
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className="day-column">
              <Skeleton height={20} width="60%" />
              <Skeleton height={64} />
              <Skeleton height={64} />
              <Skeleton height={64} />
            </div>
          ))}
        </div>
      ) : (
        <>
          {entries.length === 0 && (
            <div className="meal-plans__empty">
              <p className="meal-plans__empty-title">Nothing planned {view === "week" ? "this week" : "this month"} yet</p>
              <p className="muted">
                {weekOver && view === "week"
                  ? "This week is over. Go to today to plan ahead, or add what you ate to any slot."
                  : "Plan my week fills the open slots from your pantry, starting with what expires first. Or press Add in any slot."}
              </p>
            </div>
          )}
          <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements }}>
            {view === "week" ? (
              <WeekView days={days} today={today} entries={entries} actions={actions} onAdd={(date, mealType) => setSlotTarget({ kind: "create", date, mealType })} busyIds={busyIds} />
            ) : (
              <MonthView
                days={days}
                month={anchor.slice(0, 7)}
                today={today}
                entries={entries}
                actions={actions}
                busyIds={busyIds}
                onAdd={(date, mealType) => setSlotTarget({ kind: "create", date, mealType })}
                onOpenDay={(date) => {
                  setAnchor(date);
                  setView("week");
                }}
              />
            )}
          </DndContext>
        </>
      )}

      {slotTarget && <MealSlotDialog key={slotTarget.kind === "edit" ? `edit-${slotTarget.entry.id}` : `new-${slotTarget.date}-${slotTarget.mealType}`} target={slotTarget} onClose={() => setSlotTarget(null)} onEntryChange={onEntryChange} onDelete={(entry) => void deleteEntry(entry)} />}
      {moving && <MoveCopyDialog entry={moving.entry} initialMode={moving.mode} days={view === "week" ? days : days.filter((d) => d >= addDays(moving.entry.date, -7) && d <= lastOfMonth(anchor))} onClose={() => setMoving(null)} onEntryChange={onEntryChange} />}
      {cooking && <CookDialog entry={cooking} onClose={() => setCooking(null)} />}
      {templatesOpen && <TemplatesDialog weekStart={planStart} weekHasMeals={weekEntries.length > 0} onClose={() => setTemplatesOpen(false)} />}
      {feedOpen && <CalendarFeedDialog onClose={() => setFeedOpen(false)} />}
    </div>
  );
}
