import { useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Dialog } from "../../components/ui/Dialog";
import { Button } from "../../components/ui/Button";
import { Field } from "../../components/ui/Field";
import { Input } from "../../components/ui/Input";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast } from "../../components/ui/toast-store";
import { MEAL_PLAN_LIMITS, templateName } from "../../../worker/schemas/mealPlans";
import { showSaveError, useMealPlansChanged } from "./mealPlanData";
import { formatDay } from "./mealLabels";

/** Save the shown week as a template, or fill the shown week from one (its own meals are kept). */
export function TemplatesDialog({ weekStart, weekHasMeals, onClose }: { weekStart: string; weekHasMeals: boolean; onClose: () => void }) {
  const templates = trpc.mealPlans.templates.list.useQuery();
  const utils = trpc.useUtils();
  const changed = useMealPlansChanged();
  const save = trpc.mealPlans.templates.save.useMutation();
  const apply = trpc.mealPlans.templates.applyToWeek.useMutation();
  const remove = trpc.mealPlans.templates.delete.useMutation();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = templateName.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? "Template name is required");
      return;
    }
    setNameError(null);
    try {
      const template = await save.mutateAsync({ weekStart, name: parsed.data });
      toast({ title: "Template saved", description: `"${template.name}" holds ${template.mealCount} meals.` });
      setName("");
      await utils.mealPlans.templates.list.invalidate();
    } catch (error) {
      showSaveError(error);
    }
  };

  const onApply = async (id: number) => {
    try {
      const result = await apply.mutateAsync({ templateId: id, weekStart });
      toast({ title: "Template applied", description: result.message });
      await changed();
      onClose();
    } catch (error) {
      showSaveError(error);
    }
  };

  const onDelete = async (id: number, label: string) => {
    try {
      await remove.mutateAsync({ id });
      toast({ title: "Template deleted", description: `"${label}" was deleted.` });
      await utils.mealPlans.templates.list.invalidate();
    } catch (error) {
      showSaveError(error);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Week templates" description={`For the week of ${formatDay(weekStart, { month: "long", day: "numeric" })}`} size="md">
      <div className="stack">
        <form className="templates__save" onSubmit={(event) => void onSave(event)} noValidate>
          <Field label="Save this week as a template" error={nameError} hint={weekHasMeals ? "Its meals are kept by weekday and meal." : "Plan some meals this week first."}>
            {(props) => <Input {...props} value={name} maxLength={MEAL_PLAN_LIMITS.templateNameMax} placeholder="e.g. Busy school week" onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Button type="submit" loading={save.isPending} disabled={!weekHasMeals}>
            Save template
          </Button>
        </form>
        <section aria-labelledby="templates-list-title" className="stack">
          <h3 id="templates-list-title" className="templates__title">
            Your templates
          </h3>
          {templates.isPending ? (
            <Skeleton height={48} />
          ) : templates.isError ? (
            <p className="alert alert--danger" role="alert">
              {errorMessage(templates.error, "Couldn't load your templates.")}
            </p>
          ) : templates.data.length === 0 ? (
            <p className="muted small">No templates yet. Save a week you liked, then reuse it with one click.</p>
          ) : (
            <ul role="list" className="templates__list">
              {templates.data.map((template) => (
                <li key={template.id} className="templates__item">
                  <div>
                    <p className="templates__name">{template.name}</p>
                    <p className="muted small">{template.mealCount} meals</p>
                  </div>
                  <div className="templates__actions">
                    <Button size="sm" onClick={() => void onApply(template.id)} loading={apply.isPending && apply.variables?.templateId === template.id} aria-label={`Apply ${template.name} to this week`}>
                      Apply
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => void onDelete(template.id, template.name)} aria-label={`Delete ${template.name}`}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}
