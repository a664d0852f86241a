import { useEffect, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Dialog } from "../../components/ui/Dialog";
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Skeleton";
import { toast } from "../../components/ui/toast-store";
import { usePantryChanged } from "../../components/pantry/queries";
import { showSaveError, useMealPlansChanged, type MealPlanEntry } from "./mealPlanData";

type Row = { pantryItemId: number; use: boolean; amount: string };

/**
 * "Cooked it": a short review of what the recipe takes from the pantry (amounts scaled to this meal's servings, in
 * each item's own unit), then the pantry's use rule takes them out and Insights counts them as used.
 */
export function CookDialog({ entry, onClose }: { entry: MealPlanEntry; onClose: () => void }) {
  const preview = trpc.mealPlans.cookPreview.useQuery({ id: entry.id }, { staleTime: 0, gcTime: 0 });
  const cook = trpc.mealPlans.cook.useMutation();
  const pantryChanged = usePantryChanged();
  const plansChanged = useMealPlansChanged();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lines = preview.data?.lines ?? [];
  useEffect(() => {
    if (!preview.data || rows) return;
    setRows(
      preview.data.lines.flatMap((line) =>
        line.pantryItem ? [{ pantryItemId: line.pantryItem.id, use: line.suggestedAmount !== null, amount: line.suggestedAmount !== null ? String(line.suggestedAmount) : "" }] : [],
      ),
    );
  }, [preview.data, rows]);

  const setRow = (pantryItemId: number, change: Partial<Row>) => setRows((current) => current?.map((row) => (row.pantryItemId === pantryItemId ? { ...row, ...change } : row)) ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = (rows ?? []).filter((row) => row.use);
    const bad = chosen.find((row) => !(Number(row.amount) > 0));
    if (bad) {
      setError("Enter an amount greater than 0 for each item you used, or untick it.");
      return;
    }
    setError(null);
    try {
      const result = await cook.mutateAsync({ id: entry.id, uses: chosen.map((row) => ({ pantryItemId: row.pantryItemId, amount: Number(row.amount) })) });
      toast({ title: "Cooked", description: result.message });
      await Promise.all([pantryChanged(), plansChanged()]);
      onClose();
    } catch (failure) {
      // Amount refusals name the item; show them beside the rows as well.
      setError(errorMessage(failure, "Failed to save meal plan"));
      showSaveError(failure);
    }
  };

  const fromPantry = lines.filter((line) => line.pantryItem);
  const missing = lines.filter((line) => !line.pantryItem);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Cooked ${entry.name}?`}
      description={preview.data?.servings ? `For ${preview.data.servings} servings. Check the amounts; they come out of your pantry.` : "Check the amounts; they come out of your pantry."}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={cook.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="cook-form" loading={cook.isPending} disabled={preview.isPending}>
            {cook.isPending ? "Saving..." : fromPantry.length ? "Use these and mark cooked" : "Mark cooked"}
          </Button>
        </>
      }
    >
      <form id="cook-form" className="stack cook-review" onSubmit={(event) => void submit(event)} noValidate>
        {preview.isPending ? (
          <div className="stack" aria-hidden="true">
            <Skeleton height={44} />
            <Skeleton height={44} />
          </div>
        ) : preview.isError ? (
          <p className="alert alert--danger" role="alert">
            {errorMessage(preview.error, "Couldn't read the recipe. Please try again.")}
          </p>
        ) : !preview.data?.recipe ? (
          <p className="muted">This is a custom meal without a recipe, so nothing is taken from your pantry.</p>
        ) : fromPantry.length === 0 ? (
          <p className="muted">None of this recipe's ingredients are in your pantry, so nothing is taken from it.</p>
        ) : (
          <table className="cook-review__table">
            <caption className="sr-only">Ingredients taken from your pantry</caption>
            <thead>
              <tr>
                <th scope="col">Use</th>
                <th scope="col">Recipe says</th>
                <th scope="col">From your pantry</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {fromPantry.map((line) => {
                const item = line.pantryItem!;
                const row = rows?.find((r) => r.pantryItemId === item.id);
                const inputId = `cook-amount-${item.id}`;
                return (
                  <tr key={`${item.id}-${line.name}`}>
                    <td>
                      <input type="checkbox" className="checkbox__input" aria-label={`Use ${item.name}`} checked={row?.use ?? false} onChange={(e) => setRow(item.id, { use: e.target.checked })} />
                    </td>
                    <td>{line.ingredient}</td>
                    <td>
                      {item.name}
                      <span className="muted small"> · {item.leftLabel} left</span>
                    </td>
                    <td>
                      <label className="sr-only" htmlFor={inputId}>
                        Amount of {item.name}
                        {item.unit ? ` in ${item.unit}` : ""}
                      </label>
                      <span className="cook-review__amount">
                        <input
                          id={inputId}
                          className="input"
                          type="number"
                          inputMode="decimal"
                          min={0}
                          max={item.left}
                          step="any"
                          value={row?.amount ?? ""}
                          disabled={!row?.use}
                          onChange={(e) => setRow(item.id, { amount: e.target.value })}
                        />
                        <span className="muted small">{item.unit ?? "items"}</span>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {missing.length > 0 && (
          <p className="muted small">
            Not in your pantry: {missing.map((line) => line.name).join(", ")}.
          </p>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
