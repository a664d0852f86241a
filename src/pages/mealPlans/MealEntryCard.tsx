import { useDraggable } from "@dnd-kit/core";
import { useNavigate } from "@tanstack/react-router";
import { ActionMenu, type ActionMenuItem } from "../../components/pantry/ActionMenu";
import { cn } from "../../components/ui/cn";
import { LeafIcon } from "../../components/icons";
import type { MealPlanEntry } from "./mealPlanData";

export type EntryActions = {
  edit: (entry: MealPlanEntry) => void;
  moveOrCopy: (entry: MealPlanEntry, mode: "move" | "copy") => void;
  cook: (entry: MealPlanEntry) => void;
  toggleLock: (entry: MealPlanEntry) => void;
  repeat: (entry: MealPlanEntry) => void;
  stopRepeat: (entry: MealPlanEntry) => void;
  remove: (entry: MealPlanEntry) => void;
};

function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d={locked ? "M8 11V7a4 4 0 0 1 8 0v4" : "M8 11V7a4 4 0 0 1 7.5-2"} />
    </svg>
  );
}

/**
 * One planned meal: its name (opens the editor), servings, why Plan my week chose it, a lock toggle and a menu
 * (edit, move or copy, Cooked it, repeat, delete). Dragged by its grip with a pointer; the menu's "Move or copy"
 * is the keyboard way.
 */
export function MealEntryCard({ entry, actions, compact = false, busy = false }: { entry: MealPlanEntry; actions: EntryActions; compact?: boolean; busy?: boolean }) {
  const navigate = useNavigate();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `entry-${entry.id}`, data: { entry } });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const items: ActionMenuItem[] = [
    { label: "Edit", onSelect: () => actions.edit(entry) },
    { label: "Move or copy...", onSelect: () => actions.moveOrCopy(entry, "move") },
    { label: entry.cookedAt ? "Cooked again..." : "Cooked it...", onSelect: () => actions.cook(entry) },
    entry.recipeId !== null ? { label: "Open recipe", onSelect: () => void navigate({ to: "/recipes/$id", params: { id: String(entry.recipeId) } }) } : null,
    entry.repeatsWeekly ? { label: "Stop repeating from here", onSelect: () => actions.stopRepeat(entry) } : { label: "Repeat every week", onSelect: () => actions.repeat(entry) },
    { label: "Delete", onSelect: () => actions.remove(entry), destructive: true },
  ].filter((item): item is ActionMenuItem => item !== null);

  return (
    <article
      ref={setNodeRef}
      style={style}
      className={cn("meal-entry", `meal-entry--${entry.source}`, entry.locked && "meal-entry--locked", isDragging && "meal-entry--dragging", busy && "meal-entry--busy", compact && "meal-entry--compact")}
      aria-label={`${entry.name}${entry.locked ? ", locked" : ""}`}
      data-entry-id={entry.id}
    >
      <div className="meal-entry__top">
        <span className="meal-entry__grip" {...listeners} {...attributes} tabIndex={-1} aria-hidden="true" role="presentation" title="Drag to move; hold Alt to copy">
          <svg viewBox="0 0 24 24" width="14" height="14">
            {[6, 12, 18].map((y) => (
              <g key={y}>
                <circle cx="9" cy={y} r="1.5" fill="currentColor" />
                <circle cx="15" cy={y} r="1.5" fill="currentColor" />
              </g>
            ))}
          </svg>
        </span>
        <button type="button" className="meal-entry__name" onClick={() => actions.edit(entry)}>
          {entry.name}
        </button>
      </div>
      {!compact && entry.reason && (
        <p className="meal-entry__reason" title={entry.reason}>
          <LeafIcon size={13} />
          <span>{entry.reason}</span>
        </p>
      )}
      {!compact && (
        <div className="meal-entry__bottom">
          <p className="meal-entry__meta">
            {[entry.servings ? `Serves ${entry.servings}` : null, entry.repeatsWeekly ? "Every week" : null, entry.cookedAt ? "Cooked" : null].filter(Boolean).join(" · ")}
          </p>
          <div className="meal-entry__actions">
            <button
              type="button"
              className={cn("icon-button meal-entry__lock", entry.locked && "meal-entry__lock--on")}
              aria-pressed={entry.locked}
              aria-label={`${entry.locked ? "Unlock" : "Lock"} ${entry.name}`}
              title={entry.locked ? "Locked: Plan my week keeps it" : "Lock to keep it when reshuffling"}
              onClick={() => actions.toggleLock(entry)}
            >
              <LockIcon locked={entry.locked} />
            </button>
            <ActionMenu label={`Actions for ${entry.name}`} items={items} />
          </div>
        </div>
      )}
    </article>
  );
}
