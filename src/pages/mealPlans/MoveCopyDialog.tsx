import { useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../components/ui/Dialog";
import { Button } from "../../components/ui/Button";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { toast } from "../../components/ui/toast-store";
import { MEAL_TYPES, type MealType } from "../../../worker/domain/constants";
import { showSaveError, useMealPlansChanged, type MealPlanEntry } from "./mealPlanData";
import { formatDay, MEAL_LABELS } from "./mealLabels";
import type { EntryChange } from "./MealSlotDialog";

type MoveCopyDialogProps = {
  entry: MealPlanEntry;
  /** Days offered as quick choices (the visible week). */
  days: readonly string[];
  initialMode?: "move" | "copy";
  onClose: () => void;
  onEntryChange?: (change: EntryChange) => void;
};

/** The keyboard way to do what dragging does: move or copy a meal to another day and meal. */
export function MoveCopyDialog({ entry, days, initialMode = "move", onClose, onEntryChange }: MoveCopyDialogProps) {
  const [mode, setMode] = useState<"move" | "copy">(initialMode);
  const [date, setDate] = useState(entry.date);
  const [mealType, setMealType] = useState<MealType>(entry.mealType);
  const changed = useMealPlansChanged();
  const update = trpc.mealPlans.update.useMutation();
  const copy = trpc.mealPlans.copy.useMutation();
  const busy = update.isPending || copy.isPending;
  const unchanged = mode === "move" && date === entry.date && mealType === entry.mealType;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!date) return;
    try {
      if (mode === "move") {
        const result = await update.mutateAsync({ id: entry.id, date, mealType });
        onEntryChange?.({ before: result.before, after: result.after });
        toast({ title: "Meal moved", description: `${entry.name} is now ${MEAL_LABELS[mealType].toLowerCase()} on ${formatDay(date)}.` });
      } else {
        await copy.mutateAsync({ id: entry.id, date, mealType });
        toast({ title: "Meal copied", description: `${entry.name} added to ${MEAL_LABELS[mealType].toLowerCase()} on ${formatDay(date)}.` });
      }
      await changed();
      onClose();
    } catch (error) {
      showSaveError(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move or copy ${entry.name}`}
      description={`Now: ${MEAL_LABELS[entry.mealType]} on ${formatDay(entry.date)}`}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="move-copy-form" loading={busy} disabled={unchanged}>
            {mode === "move" ? "Move" : "Copy"}
          </Button>
        </>
      }
    >
      <form id="move-copy-form" className="stack" onSubmit={(event) => void submit(event)}>
        <fieldset className="mode-switch" aria-label="Move or copy">
          {(["move", "copy"] as const).map((value) => (
            <label key={value} className="mode-switch__option">
              <input type="radio" name="move-copy-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              <span>{value === "move" ? "Move" : "Copy"}</span>
            </label>
          ))}
        </fieldset>
        <Field label="Day">
          {(props) => (
            <Select {...props} value={days.includes(date) ? date : ""} onChange={(e) => e.target.value && setDate(e.target.value)} placeholder="Another date (below)">
              {days.map((day) => (
                <option key={day} value={day}>
                  {formatDay(day, { weekday: "long", month: "short", day: "numeric" })}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Or a date" optional>
          {(props) => <Input {...props} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label="Meal">
          {(props) => <Select {...props} value={mealType} onChange={(e) => setMealType(e.target.value as MealType)} options={MEAL_TYPES.map((value) => ({ value, label: MEAL_LABELS[value] }))} />}
        </Field>
      </form>
    </Dialog>
  );
}
