import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { Button, Dialog, Field, Input, Textarea, toast } from "../ui";
import { GROCERY_LIMITS, createListInput } from "../../../worker/schemas/groceryLists";
import { forgetCachedList } from "./listCache";

/** The confirmation every list delete asks. */
export const DELETE_LIST_CONFIRM = "Are you sure you want to delete this grocery list?";

type ListFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Editing this list; creating a new one when absent. */
  editing?: { id: number; name: string; notes: string | null } | null;
  onSaved?: (list: { id: number; name: string }) => void;
};

/** Create List (and Edit): List Name (placeholder 'Weekly Shopping', 'Name is required'), Notes (optional). */
export function ListFormDialog({ open, onClose, editing, onSaved }: ListFormDialogProps) {
  const ids = useId();
  const utils = trpc.useUtils();
  const [name, setName] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? "");
    setNotes(editing?.notes ?? "");
    setError(null);
  }, [open, editing]);

  const create = trpc.groceryLists.create.useMutation();
  const update = trpc.groceryLists.update.useMutation();
  const busy = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createListInput.safeParse({ name, notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Name is required");
      nameRef.current?.focus();
      return;
    }
    try {
      const saved = editing ? await update.mutateAsync({ id: editing.id, ...parsed.data }) : await create.mutateAsync(parsed.data);
      toast({ title: editing ? "Grocery list updated" : "Grocery list created" });
      await Promise.all([utils.groceryLists.list.invalidate(), editing ? utils.groceryLists.get.invalidate({ id: editing.id }) : Promise.resolve()]);
      onClose();
      onSaved?.(saved);
    } catch {
      toast({ title: editing ? "Failed to update grocery list" : "Failed to create grocery list", description: "Please try again.", variant: "destructive" });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={editing ? "Edit List" : "Create New List"}
      description={editing ? undefined : "Give your list a name; you can add items next."}
      initialFocus={nameRef}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={`${ids}-form`} loading={busy}>
            {editing ? (busy ? "Saving..." : "Save") : busy ? "Creating..." : "Create List"}
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="grocery-list-form">
        <Field label="List Name" error={error}>
          {(p) => (
            <Input
              {...p}
              ref={nameRef}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              placeholder="Weekly Shopping"
              maxLength={GROCERY_LIMITS.listNameMax}
            />
          )}
        </Field>
        <Field label="Notes" optional>
          {(p) => <Textarea {...p} value={notes} onChange={(e) => setNotes(e.target.value)} rows={3} maxLength={GROCERY_LIMITS.notesMax} />}
        </Field>
      </form>
    </Dialog>
  );
}

type DeleteListDialogProps = {
  list: { id: number; name: string } | null;
  userId: string | null;
  onClose: () => void;
  onDeleted?: (id: number) => void;
};

/** Confirms and deletes a list ('Grocery list deleted'; 'Failed to delete grocery list'). */
export function DeleteListDialog({ list, userId, onClose, onDeleted }: DeleteListDialogProps) {
  const utils = trpc.useUtils();
  const remove = trpc.groceryLists.delete.useMutation();
  const cancelRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    if (!list) return;
    try {
      await remove.mutateAsync({ id: list.id });
      forgetCachedList(userId, list.id);
      toast({ title: "Grocery list deleted" });
      onClose();
      onDeleted?.(list.id);
      await utils.groceryLists.list.invalidate();
      utils.groceryLists.get.setData({ id: list.id }, undefined);
    } catch {
      toast({ title: "Failed to delete grocery list", description: "Please try again.", variant: "destructive" });
    }
  }

  return (
    <Dialog
      open={list !== null}
      onOpenChange={(next) => !next && !remove.isPending && onClose()}
      title="Delete grocery list?"
      description={DELETE_LIST_CONFIRM}
      size="sm"
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} loading={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete List"}
          </Button>
        </>
      }
    >
      {list && <p className="grocery-delete__name">{list.name}</p>}
    </Dialog>
  );
}
