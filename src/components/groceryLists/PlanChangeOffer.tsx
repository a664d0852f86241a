import { trpc } from "../../lib/trpc";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from "../ui";
import { formatAmount } from "./groceryFormat";

type Change = { name: string; unit: string | null; before: number | null; after: number | null; kind: "added" | "changed" | "removed" };

function amount(value: number | null, unit: string | null): string {
  if (value === null) return "";
  return `${formatAmount(value, unit)}${unit && unit !== "each" ? ` ${unit}` : ""}`;
}

function changeText(change: Change): string {
  if (change.kind === "removed") return `Remove ${change.name}`;
  if (change.kind === "added") return `Add ${amount(change.after, change.unit)} ${change.name}`.replace(/\s+/g, " ");
  return `${change.name}: ${amount(change.before, change.unit)} → ${amount(change.after, change.unit)}`;
}

/**
 * After a planned meal was edited or deleted: "update the list this meal produced?" with what would change, and
 * Update list / Keep as is. Renders nothing when no list came from the meal. Self-contained for the plan screen.
 */
export function PlanChangeOffer({ mealPlanId, onDone }: { mealPlanId: number; onDone?: () => void }) {
  const utils = trpc.useUtils();
  const impact = trpc.groceryLists.planChangeImpact.useQuery({ mealPlanId }, { retry: false, refetchOnWindowFocus: false });
  const apply = trpc.groceryLists.applyPlanChange.useMutation();
  const lists = impact.data?.lists ?? [];
  if (lists.length === 0) return null;

  async function update() {
    try {
      const result = await apply.mutateAsync({ mealPlanId, listIds: lists.map((l) => l.id) });
      toast({ title: "Shopping list updated", description: result.lists.map((l) => l.name).join(", ") });
      await Promise.all([utils.groceryLists.get.invalidate(), utils.groceryLists.list.invalidate(), utils.groceryLists.planChangeImpact.invalidate({ mealPlanId })]);
      onDone?.();
    } catch {
      toast({ title: "Failed to update the shopping list", description: "Please try again.", variant: "destructive" });
    }
  }

  return (
    <Card className="plan-change-offer" role="region" aria-label="Update your shopping list">
      <CardHeader>
        <CardTitle as="h3">Update your shopping list?</CardTitle>
        <CardDescription>{impact.data?.mealRemoved ? "This meal is off the plan." : "This meal changed."} Its shopping list can follow.</CardDescription>
      </CardHeader>
      <CardContent>
        {lists.map((list) => (
          <div key={list.id} className="plan-change-offer__list">
            <strong>{list.name}</strong>
            <ul>
              {list.changes.map((change, index) => (
                <li key={`${change.name}-${index}`}>{changeText(change)}</li>
              ))}
            </ul>
          </div>
        ))}
        <div className="plan-change-offer__actions">
          <Button onClick={() => void update()} loading={apply.isPending}>
            {apply.isPending ? "Updating..." : "Update list"}
          </Button>
          <Button variant="outline" onClick={onDone} disabled={apply.isPending}>
            Keep as is
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
