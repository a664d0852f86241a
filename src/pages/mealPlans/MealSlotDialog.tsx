import { useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { Dialog } from "../../components/ui/Dialog";
import { Button } from "../../components/ui/Button";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { Select } from "../../components/ui/Select";
import { Textarea } from "../../components/ui/Textarea";
import { Checkbox } from "../../components/ui/Checkbox";
import { toast } from "../../components/ui/toast-store";
import { MEAL_TYPES, type MealType } from "../../../worker/domain/constants";
import { createMealPlanInput, MEAL_PLAN_LIMITS } from "../../../worker/schemas/mealPlans";
import { RecipeCombobox } from "./RecipeCombobox";
import { showSaveError, useMealPlansChanged, type MealPlanEntry } from "./mealPlanData";
import { formatDay, MEAL_LABELS } from "./mealLabels";

export type SlotTarget = { kind: "create"; date: string; mealType: MealType } | { kind: "edit"; entry: MealPlanEntry };

export type EntryChange = { before: MealPlanEntry; after: MealPlanEntry | null };

type MealSlotDialogProps = {
  target: SlotTarget;
  onClose: () => void;
  /** An existing entry changed or was deleted (a shopping list made from it may want updating). */
  onEntryChange?: (change: EntryChange) => void;
  onDelete: (entry: MealPlanEntry) => void;
};

type FieldErrors = Partial<Record<"date" | "mealType" | "notes" | "servings", string>>;

const MEAL_OPTIONS = MEAL_TYPES.map((value) => ({ value, label: MEAL_LABELS[value] }));

/**
 * The slot dialog: a recipe (searchable, saved recipes first) or a custom meal, servings, and on a new meal
 * "Repeat every week". Checks the same schema as the server, so its messages match the API's.
 */
export function MealSlotDialog({ target, onClose, onEntryChange, onDelete }: MealSlotDialogProps) {
  const editing = target.kind === "edit" ? target.entry : null;
  const [date, setDate] = useState(editing?.date ?? (target.kind === "create" ? target.date : ""));
  const [mealType, setMealType] = useState<string>(editing?.mealType ?? (target.kind === "create" ? target.mealType : ""));
  const [recipeId, setRecipeId] = useState<number | null>(editing?.recipeId ?? null);
  const [recipeServings, setRecipeServings] = useState<number | null>(editing?.recipe?.servings ?? null);
  const [notes, setNotes] = useState(editing?.notes ?? "");
  const [servings, setServings] = useState(editing?.customServings ? String(editing.customServings) : "");
  const [repeatWeekly, setRepeatWeekly] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const choices = trpc.mealPlans.recipeChoices.useQuery(undefined, { staleTime: 5 * 60_000 });
  const changed = useMealPlansChanged();
  const create = trpc.mealPlans.create.useMutation();
  const update = trpc.mealPlans.update.useMutation();
  const saving = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createMealPlanInput.safeParse({ date, mealType, recipeId, notes, servings, repeatWeekly });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const values = parsed.data;
    try {
      if (editing) {
        const result = await update.mutateAsync({ id: editing.id, date: values.date, mealType: values.mealType, recipeId: values.recipeId, notes: values.notes, servings: values.servings });
        onEntryChange?.({ before: result.before, after: result.after });
        toast({ title: "Meal updated", description: `${result.after.name} on ${formatDay(result.after.date)}.` });
      } else {
        const entry = await create.mutateAsync(values);
        toast({ title: "Meal added", description: `${entry.name} on ${formatDay(entry.date)}${entry.repeatsWeekly ? ", every week" : ""}.` });
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
      title={editing ? "Edit meal" : "Add a meal"}
      description={editing ? `${MEAL_LABELS[editing.mealType]} on ${formatDay(editing.date)}` : "Pick a recipe, or describe the meal."}
      size="md"
      footer={
        <>
          {editing && (
            <Button variant="ghost" className="meal-dialog__delete" onClick={() => onDelete(editing)} disabled={saving}>
              Delete
            </Button>
          )}
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="meal-slot-form" loading={saving}>
            {saving ? "Saving..." : editing ? "Save changes" : "Add meal"}
          </Button>
        </>
      }
    >
      <form id="meal-slot-form" className="stack meal-dialog" onSubmit={(event) => void submit(event)} noValidate>
        <div className="meal-dialog__row">
          <Field label="Date" error={errors.date}>
            {(props) => <Input {...props} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
          </Field>
          <Field label="Meal type" error={errors.mealType}>
            {(props) => <Select {...props} value={mealType} onChange={(e) => setMealType(e.target.value)} placeholder="Choose a meal" options={MEAL_OPTIONS} />}
          </Field>
        </div>
        <RecipeCombobox
          choices={choices.data}
          loading={choices.isPending}
          value={recipeId}
          mealType={mealType}
          onChange={(choice) => {
            setRecipeId(choice?.id ?? null);
            setRecipeServings(choice?.servings ?? null);
          }}
        />
        <Field
          label="Meal description"
          optional={recipeId !== null}
          error={errors.notes}
          hint={recipeId === null ? "Required when no recipe is selected, e.g. Leftover curry or Dinner out." : "A note for this meal, e.g. Double the sauce."}
        >
          {(props) => <Textarea {...props} rows={2} maxLength={MEAL_PLAN_LIMITS.notesMax} value={notes} onChange={(e) => setNotes(e.target.value)} />}
        </Field>
        <Field label="Servings" optional error={errors.servings} hint={recipeServings ? `Leave empty for the recipe's own ${recipeServings}.` : "How many people this meal feeds."}>
          {(props) => (
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={MEAL_PLAN_LIMITS.servingsMin}
              max={MEAL_PLAN_LIMITS.servingsMax}
              placeholder={recipeServings ? String(recipeServings) : ""}
              value={servings}
              onChange={(e) => setServings(e.target.value)}
            />
          )}
        </Field>
        {!editing && <Checkbox label="Repeat every week" description="The same meal on this weekday each week; each one can be changed on its own." checked={repeatWeekly} onChange={(e) => setRepeatWeekly(e.target.checked)} />}
      </form>
    </Dialog>
  );
}
