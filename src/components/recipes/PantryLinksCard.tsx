import { useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Field, Input, Select, Skeleton, toast } from "../ui";
import { emojiFor } from "../../../worker/domain/foodEmoji";
import { addPantryLinkInput, RECIPE_LIMITS } from "../../../worker/schemas/recipes";
import { LinkIcon, TrashIcon } from "./recipeIcons";
import { amountText, type RecipeDetailData } from "./recipeFormat";

type LinkErrors = Partial<Record<"groceryItemId" | "quantityUsed" | "unitUsed", string>>;

/**
 * "Pantry items used": which of the user's pantry items this recipe uses, with how much; link from a list (or in
 * one click from the ingredients found in the pantry) and unlink.
 */
export function PantryLinksCard({ detail }: { detail: RecipeDetailData }) {
  const recipeId = detail.recipe.id;
  const utils = trpc.useUtils();
  const links = trpc.recipes.pantryItems.list.useQuery({ recipeId });
  const pantry = trpc.pantry.list.useQuery(undefined, { staleTime: 30_000 });
  const addLink = trpc.recipes.pantryItems.add.useMutation();
  const removeLink = trpc.recipes.pantryItems.delete.useMutation();

  const [itemId, setItemId] = useState("");
  const [quantity, setQuantity] = useState("");
  const [unit, setUnit] = useState("");
  const [errors, setErrors] = useState<LinkErrors>({});
  const [removing, setRemoving] = useState<number | null>(null);
  const [quickLinking, setQuickLinking] = useState<number | null>(null);

  const linkedIds = new Set((links.data ?? []).map((l) => l.groceryItemId));
  const pantryItems = pantry.data ?? [];
  // Pantry items the ingredients matched, not linked yet: offered as one-click links.
  const suggestions = detail.ingredients
    .filter((i) => i.available && !i.alwaysAvailable && i.pantryItemId !== null && !linkedIds.has(i.pantryItemId))
    .map((i) => ({ ingredient: i, item: pantryItems.find((p) => p.id === i.pantryItemId) }))
    .filter((s): s is { ingredient: (typeof s)["ingredient"]; item: NonNullable<(typeof s)["item"]> } => s.item !== undefined)
    .filter((s, index, all) => all.findIndex((o) => o.item.id === s.item.id) === index);

  const refresh = () => utils.recipes.pantryItems.list.invalidate({ recipeId });

  const link = async (values: { groceryItemId: number; quantityUsed: number | null; unitUsed: string | null }) => {
    await addLink.mutateAsync({ recipeId, ...values });
    await refresh();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = addPantryLinkInput.safeParse({ recipeId, groceryItemId: itemId, quantityUsed: quantity.trim(), unitUsed: unit });
    if (!parsed.success) {
      const next: LinkErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "groceryItemId" || key === "quantityUsed" || key === "unitUsed") && !next[key]) next[key] = key === "groceryItemId" ? "Choose a pantry item" : issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await link(parsed.data);
      setItemId("");
      setQuantity("");
      setUnit("");
    } catch {
      toast({ title: "Failed to add pantry item", description: "Please try again.", variant: "destructive" });
    }
  };

  const quickLink = async (suggestion: (typeof suggestions)[number]) => {
    setQuickLinking(suggestion.item.id);
    try {
      await link({ groceryItemId: suggestion.item.id, quantityUsed: suggestion.ingredient.quantity, unitUsed: suggestion.ingredient.unit });
    } catch {
      toast({ title: "Failed to add pantry item", description: "Please try again.", variant: "destructive" });
    } finally {
      setQuickLinking(null);
    }
  };

  const unlink = async (id: number) => {
    setRemoving(id);
    try {
      await removeLink.mutateAsync({ id });
      await refresh();
    } catch {
      toast({ title: "Failed to remove pantry item", description: "Please try again.", variant: "destructive" });
    } finally {
      setRemoving(null);
    }
  };

  const chooseItem = (value: string) => {
    setItemId(value);
    const item = pantryItems.find((p) => String(p.id) === value);
    if (item && !unit) setUnit(item.unit ?? "");
  };

  return (
    <Card className="pantry-links-card">
      <CardHeader>
        <CardTitle as="h2">Pantry items used</CardTitle>
        <CardDescription>Keep track of what this recipe takes from your pantry.</CardDescription>
      </CardHeader>
      <CardContent className="stack">
        {links.isLoading ? (
          <Skeleton height="2.5rem" />
        ) : links.error ? (
          <p className="field__error">Could not load the linked pantry items.</p>
        ) : (links.data ?? []).length === 0 ? (
          <p className="muted small">No pantry items linked yet.</p>
        ) : (
          <ul role="list" className="pantry-links">
            {(links.data ?? []).map((l) => (
              <li key={l.id} className="pantry-link">
                <span className="pantry-link__emoji" aria-hidden="true">
                  {emojiFor(l.item.name, l.item.category)}
                </span>
                <div className="pantry-link__text">
                  <span className="pantry-link__name">{l.item.name}</span>
                  <span className="muted small">{l.quantityUsed !== null ? `Uses ${amountText(l.quantityUsed, null, l.unitUsed)}` : "Amount not set"}</span>
                </div>
                <Button variant="ghost" size="icon" aria-label={`Remove ${l.item.name}`} loading={removing === l.id} onClick={() => unlink(l.id)}>
                  {removing !== l.id && <TrashIcon size={16} />}
                </Button>
              </li>
            ))}
          </ul>
        )}

        {suggestions.length > 0 && (
          <div className="pantry-links__suggest">
            <p className="small muted">Found in your pantry:</p>
            <div className="cluster">
              {suggestions.map((s) => (
                <Button key={s.item.id} variant="outline" size="sm" loading={quickLinking === s.item.id} onClick={() => quickLink(s)} aria-label={`Link ${s.item.name}`}>
                  {quickLinking !== s.item.id && <LinkIcon size={14} />}
                  {s.item.name}
                </Button>
              ))}
            </div>
          </div>
        )}

        {pantry.isSuccess && pantryItems.length === 0 ? (
          <p className="small muted">
            Your pantry is empty. <Link to="/pantry" search={{ action: "add" }}>Add items</Link> to link them here.
          </p>
        ) : (
          <form className="pantry-link-form" onSubmit={submit} noValidate>
            <fieldset disabled={addLink.isPending}>
              <legend className="ingredient-form__legend">Link a pantry item</legend>
              <div className="pantry-link-form__row">
                <Field label="Pantry item" error={errors.groceryItemId} className="pantry-link-form__item">
                  {(p) => (
                    <Select {...p} value={itemId} onChange={(e) => chooseItem(e.target.value)} placeholder={pantry.isLoading ? "Loading…" : "Choose a pantry item"}>
                      {pantryItems.map((item) => (
                        <option key={item.id} value={String(item.id)} disabled={linkedIds.has(item.id)}>
                          {item.name}
                          {linkedIds.has(item.id) ? " (linked)" : ""}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label="Quantity" error={errors.quantityUsed} optional>
                  {(p) => <Input {...p} inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} placeholder="1" />}
                </Field>
                <Field label="Unit" error={errors.unitUsed} optional>
                  {(p) => <Input {...p} value={unit} maxLength={RECIPE_LIMITS.unitMax} onChange={(e) => setUnit(e.target.value)} placeholder="cups" />}
                </Field>
              </div>
              <div className="ingredient-form__actions">
                <Button type="submit" size="sm" loading={addLink.isPending}>
                  {!addLink.isPending && <LinkIcon size={14} />}
                  Link Item
                </Button>
              </div>
            </fieldset>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
