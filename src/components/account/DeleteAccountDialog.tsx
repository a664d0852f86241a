import { useState, type FormEvent } from "react";
import { Button, Dialog, Field, Input } from "../ui";
import { AlertIcon } from "../icons";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { clearAllCaches } from "../../lib/browserCaches";
import { DELETE_CONFIRMATION } from "../../../worker/schemas/auth";

type Props = { open: boolean; onOpenChange: (open: boolean) => void; hasPassword: boolean };

/** Confirms account deletion (the password when there is one, and DELETE typed out), then leaves the app. */
export function DeleteAccountDialog({ open, onOpenChange, hasPassword }: Props) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const remove = trpc.auth.deleteAccount.useMutation();
  const confirmed = confirm.trim() === DELETE_CONFIRMATION && (!hasPassword || password.length > 0);

  const close = (next: boolean) => {
    if (remove.isPending) return;
    onOpenChange(next);
    if (!next) {
      setPassword("");
      setConfirm("");
      setProblem(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setProblem(null);
    try {
      await remove.mutateAsync({ password: hasPassword ? password : undefined, confirm: DELETE_CONFIRMATION });
      await clearAllCaches();
      // A full load: every cached answer belonged to the deleted account.
      window.location.assign("/?account=deleted");
    } catch (error) {
      setProblem(errorMessage(error, "Your account could not be deleted. Please try again."));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Delete your account?" description="This permanently removes your account and everything in it." size="sm">
      <form onSubmit={submit} className="stack" noValidate>
        <ul className="delete-account__list">
          <li>Your pantry, receipts and receipt images, recipes, comments, meal plans and grocery lists</li>
          <li>Your profile, photo, preferences, chats, feedback and survey answers</li>
          <li>Every signed-in session, on every device</li>
        </ul>
        <p className="muted small">Want a copy first? Close this and use Download my data.</p>
        {hasPassword && (
          <Field label="Your password">
            {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
          </Field>
        )}
        <Field label={`Type ${DELETE_CONFIRMATION} to confirm`}>
          {(control) => <Input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
        </Field>
        {problem && (
          <div className="alert alert--danger" role="alert">
            <AlertIcon size={18} />
            <p>{problem}</p>
          </div>
        )}
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!confirmed} loading={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete my account permanently"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
