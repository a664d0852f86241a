import { useCallback, useState } from "react";
import { Dialog, Tabs, TabsContent, TabsList, TabsTrigger } from "../ui";
import { PantryGenerateForm } from "./PantryGenerateForm";
import { IngredientsGenerateForm } from "./IngredientsGenerateForm";
import "../../styles/recipes.css";

export type GenerateMethod = "pantry" | "ingredients";

type GenerateRecipeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the new recipe after the success toast; the page navigates to it. */
  onGenerated: (recipe: { id: number; title: string }) => void;
  defaultMethod?: GenerateMethod;
};

/**
 * The generate dialog: two methods in tabs, "From my pantry" and "From ingredients or a link".
 * It cannot be dismissed while a recipe is being generated, so the navigation that follows is never a surprise.
 */
export function GenerateRecipeDialog({ open, onOpenChange, onGenerated, defaultMethod = "pantry" }: GenerateRecipeDialogProps) {
  const [method, setMethod] = useState<GenerateMethod>(defaultMethod);
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((value: boolean) => setBusy(value), []);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      closeOnOverlayClick={!busy}
      size="lg"
      title="Generate a Recipe"
      description="Cook from what's in your pantry, from a list of ingredients, or import a recipe from a link."
      className="generate-dialog"
    >
      <Tabs value={method} onValueChange={(value) => !busy && setMethod(value as GenerateMethod)}>
        <TabsList aria-label="How to get a recipe">
          <TabsTrigger value="pantry" disabled={busy && method !== "pantry"}>
            From my pantry
          </TabsTrigger>
          <TabsTrigger value="ingredients" disabled={busy && method !== "ingredients"}>
            From ingredients or a link
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pantry">
          <PantryGenerateForm onGenerated={onGenerated} onBusyChange={onBusyChange} />
        </TabsContent>
        <TabsContent value="ingredients">
          <IngredientsGenerateForm onGenerated={onGenerated} onBusyChange={onBusyChange} />
        </TabsContent>
      </Tabs>
    </Dialog>
  );
}
