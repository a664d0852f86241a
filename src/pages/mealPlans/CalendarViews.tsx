import { useDroppable } from "@dnd-kit/core";
import { cn } from "../../components/ui/cn";
import { DAILY_SLOTS, type DailySlot } from "../../../worker/domain/mealSlots";
import type { MealType } from "../../../worker/domain/constants";
import type { MealPlanEntry } from "./mealPlanData";
import { MealEntryCard, type EntryActions } from "./MealEntryCard";
import { formatDay, MEAL_LABELS } from "./mealLabels";

/** Where a drop lands: a day and a slot ("extra" holds snacks, desserts and appetizers; "any" keeps the meal). */
export type DropSlot = { date: string; slot: DailySlot | "extra" | "any" };

export function dropId(target: DropSlot): string {
  return `${target.date}|${target.slot}`;
}

export function parseDropId(id: string): DropSlot | null {
  const [date, slot] = id.split("|");
  if (!date || !slot) return null;
  return { date, slot: slot as DropSlot["slot"] };
}

const isDaily = (mealType: string): mealType is DailySlot => (DAILY_SLOTS as readonly string[]).includes(mealType);

type ViewProps = {
  days: readonly string[];
  today: string;
  entries: readonly MealPlanEntry[];
  actions: EntryActions;
  onAdd: (date: string, mealType: MealType) => void;
  busyIds: ReadonlySet<number>;
};

function Slot({ date, slot, label, entries, actions, onAdd, busyIds, dayLabel }: { date: string; slot: DailySlot | "extra"; label: string; entries: MealPlanEntry[]; dayLabel: string } & Pick<ViewProps, "actions" | "onAdd" | "busyIds">) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId({ date, slot }) });
  const addType: MealType = slot === "extra" ? "snack" : slot;
  const empty = entries.length === 0;
  return (
    <div
      ref={setNodeRef}
      className={cn("meal-slot", `meal-slot--${slot}`, empty && "meal-slot--empty", isOver && "meal-slot--over")}
      role="group"
      aria-label={`${label}, ${dayLabel}`}
      data-slot={dropId({ date, slot })}
      tabIndex={-1}
    >
      <div className="meal-slot__label">
        <span>{label}</span>
        {!empty && (
          <button type="button" className="meal-slot__add-more" onClick={() => onAdd(date, addType)} aria-label={`Add another ${label.toLowerCase()} on ${dayLabel}`}>
            +
          </button>
        )}
      </div>
      {entries.map((entry) => (
        <MealEntryCard key={entry.id} entry={entry} actions={actions} busy={busyIds.has(entry.id)} />
      ))}
      {empty && (
        <button type="button" className="meal-slot__add" onClick={() => onAdd(date, addType)} aria-label={`Add ${slot === "extra" ? "a snack or dessert" : label.toLowerCase()} on ${dayLabel}`}>
          <span aria-hidden="true">+</span> Add
        </button>
      )}
    </div>
  );
}

/**
 * The slot (week view) or day (month view) that held a meal, focusable from script: where focus goes once the
 * meal's card, and the menu or dialog that deleted it, are gone.
 */
export function slotElementFor(date: string, mealType: MealType): HTMLElement | null {
  const slot = isDaily(mealType) ? mealType : "extra";
  return document.querySelector<HTMLElement>(`[data-slot="${dropId({ date, slot })}"]`) ?? document.querySelector<HTMLElement>(`[data-slot="${dropId({ date, slot: "any" })}"]`);
}

/** Seven day columns (stacked on small screens), each with breakfast, lunch, dinner and a row for extras. */
export function WeekView({ days, today, entries, actions, onAdd, busyIds }: ViewProps) {
  return (
    <div className="week-view">
      {days.map((date) => {
        const dayEntries = entries.filter((e) => e.date === date);
        const dayLabel = formatDay(date, { weekday: "long", month: "long", day: "numeric" });
        const extras = dayEntries.filter((e) => !isDaily(e.mealType));
        return (
          <section key={date} className={cn("day-column", date === today && "day-column--today", date < today && "day-column--past")} aria-label={dayLabel}>
            <header className="day-column__header">
              <span className="day-column__weekday">{formatDay(date, { weekday: "short" })}</span>
              <span className="day-column__date">{formatDay(date, { month: "short", day: "numeric" })}</span>
              {date === today && <span className="badge badge--success day-column__today">Today</span>}
            </header>
            {DAILY_SLOTS.map((slot) => (
              <Slot key={slot} date={date} slot={slot} label={MEAL_LABELS[slot]} entries={dayEntries.filter((e) => e.mealType === slot)} actions={actions} onAdd={onAdd} busyIds={busyIds} dayLabel={dayLabel} />
            ))}
            <Slot date={date} slot="extra" label="Snacks & more" entries={extras} actions={actions} onAdd={onAdd} busyIds={busyIds} dayLabel={dayLabel} />
          </section>
        );
      })}
    </div>
  );
}

function MonthDay({ date, inMonth, today, entries, actions, onAdd, onOpenDay }: { date: string; inMonth: boolean; today: string; entries: MealPlanEntry[]; onOpenDay: (date: string) => void } & Pick<ViewProps, "actions" | "onAdd">) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId({ date, slot: "any" }) });
  const dayLabel = formatDay(date, { weekday: "long", month: "long", day: "numeric" });
  const filled = new Set(entries.map((e) => e.mealType).filter(isDaily)).size;
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      aria-label={`${dayLabel}: ${entries.length} planned`}
      className={cn("month-day", !inMonth && "month-day--outside", date === today && "month-day--today", isOver && "month-day--over")}
      data-slot={dropId({ date, slot: "any" })}
      tabIndex={-1}
    >
      <div className="month-day__head">
        <button type="button" className="month-day__number" onClick={() => onOpenDay(date)} aria-label={`Show the week of ${dayLabel}`}>
          {Number(date.slice(8, 10))}
        </button>
        <span className={cn("month-day__dots", filled === 3 && "month-day__dots--full")} aria-hidden="true">
          {DAILY_SLOTS.map((slot) => (
            <span key={slot} className={cn("month-day__dot", entries.some((e) => e.mealType === slot) && "month-day__dot--on")} />
          ))}
        </span>
      </div>
      <div className="month-day__entries">
        {entries.map((entry) => (
          <MealEntryCard key={entry.id} entry={entry} actions={actions} compact />
        ))}
      </div>
      <button type="button" className="month-day__add" onClick={() => onAdd(date, nextOpenSlot(entries))} aria-label={`Add a meal on ${dayLabel}`}>
        +
      </button>
    </div>
  );
}

function nextOpenSlot(entries: readonly MealPlanEntry[]): MealType {
  return DAILY_SLOTS.find((slot) => !entries.some((e) => e.mealType === slot)) ?? "snack";
}

/** A month in whole weeks; each day lists its meals, dots show which of the three are planned. */
export function MonthView({ days, month, today, entries, actions, onAdd, onOpenDay, busyIds }: ViewProps & { month: string; onOpenDay: (date: string) => void }) {
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <div className="month-view" role="grid" aria-label={formatDay(`${month}-01`, { month: "long", year: "numeric" })} aria-busy={busyIds.size > 0 || undefined}>
      <div role="row" className="month-view__weekdays">
        {days.slice(0, 7).map((date) => (
          <span role="columnheader" key={date} className="month-view__weekday">
            {formatDay(date, { weekday: "short" })}
          </span>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" key={week[0]} className="month-view__week">
          {week.map((date) => (
            <MonthDay key={date} date={date} inMonth={date.startsWith(month)} today={today} entries={entries.filter((e) => e.date === date)} actions={actions} onAdd={onAdd} onOpenDay={onOpenDay} />
          ))}
        </div>
      ))}
    </div>
  );
}
