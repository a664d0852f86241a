import { useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Button } from "../ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/Card";
import { Field } from "../ui/Field";
import { Input } from "../ui/Input";
import { Select, type SelectOption } from "../ui/Select";
import { Skeleton } from "../ui/Skeleton";
import { toast } from "../ui/toast-store";
import { API_TOKEN_LIMITS, type ApiTokenScope } from "../../../worker/schemas/apiTokens";

const SCOPE_OPTIONS: SelectOption[] = [
  { value: "read", label: "Read only" },
  { value: "read-write", label: "Read and write" },
];

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }) : "never";
}

/**
 * API access tokens: make a personal access token for a script or another app (shown once, with a copy button),
 * see the ones you have, and revoke any of them. Self-contained: drop it on any signed-in screen.
 */
export function ApiTokensCard({ headingLevel = "h2" }: { headingLevel?: "h2" | "h3" }) {
  const utils = trpc.useUtils();
  const tokens = trpc.apiTokens.list.useQuery();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [nameError, setNameError] = useState<string | null>(null);
  const [fresh, setFresh] = useState<{ name: string; token: string } | null>(null);
  const create = trpc.apiTokens.create.useMutation({
    onSuccess: (made) => {
      setFresh({ name: made.name, token: made.token });
      setName("");
      setNameError(null);
      void utils.apiTokens.list.invalidate();
    },
    onError: (error) => {
      const nameProblem = (error.data?.fieldErrors as Record<string, string[] | undefined> | null | undefined)?.name?.[0];
      if (nameProblem) setNameError(nameProblem);
      else toast({ title: "Error", description: errorMessage(error, "Could not make the token"), variant: "destructive" });
    },
  });
  const revoke = trpc.apiTokens.revoke.useMutation({
    onSuccess: (answer) => {
      toast({ title: "Token revoked", description: answer.message });
      void utils.apiTokens.list.invalidate();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not revoke the token"), variant: "destructive" }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError("Name is required");
      return;
    }
    create.mutate({ name: name.trim(), scope });
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast({ title: "Token copied" });
    } catch {
      toast({ title: "Copy it by hand", description: "Your browser did not allow copying; select the token and copy it.", variant: "destructive" });
    }
  };

  return (
    <Card className="api-tokens">
      <CardHeader>
        <CardTitle as={headingLevel}>API access tokens</CardTitle>
        <CardDescription>
          For scripts and other apps that read (or change) your Plantry data. Send the token as <code>Authorization: Bearer …</code>. Treat it like a password:
          anyone with it can act as you within its scope.
        </CardDescription>
      </CardHeader>
      <CardContent className="stack">
        {fresh && (
          <div className="api-tokens__fresh" role="status">
            <p>
              <strong>{fresh.name}</strong>: copy this token now. It will not be shown again.
            </p>
            <code className="api-tokens__value" tabIndex={0} aria-label="New token">
              {fresh.token}
            </code>
            <div className="cluster">
              <Button size="sm" onClick={() => void copy(fresh.token)}>
                Copy token
              </Button>
              <Button size="sm" variant="outline" onClick={() => setFresh(null)}>
                Done
              </Button>
            </div>
          </div>
        )}

        <form className="stack" onSubmit={onSubmit} noValidate aria-label="Make a token">
          <Field label="Token name" error={nameError} hint="Where you will use it, e.g. “Kitchen tablet script”.">
            {(p) => <Input {...p} value={name} maxLength={API_TOKEN_LIMITS.nameMax} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Access" hint="Read only lists and looks things up; read and write can also add, change and delete.">{(p) => <Select {...p} options={SCOPE_OPTIONS} value={scope} onChange={(e) => setScope(e.target.value as ApiTokenScope)} />}</Field>
          <div>
            <Button type="submit" loading={create.isPending}>
              Make token
            </Button>
          </div>
        </form>

        {tokens.isPending ? (
          <Skeleton height={48} />
        ) : tokens.isError ? (
          <p role="alert">Couldn't load your tokens. Reload the page to try again.</p>
        ) : tokens.data.length === 0 ? (
          <p className="muted">No tokens yet. Make one above when a script needs to reach your pantry.</p>
        ) : (
          <ul className="api-tokens__list" aria-label="Your tokens">
            {tokens.data.map((token) => (
              <li key={token.id} className="api-tokens__item">
                <div>
                  <strong>{token.name}</strong> <span className="muted">({token.scope === "read" ? "read only" : "read and write"})</span>
                  <div className="muted">
                    <code>{token.prefix}…</code> · made {formatDate(token.createdAt)} · last used {formatDate(token.lastUsedAt)}
                  </div>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Revoke ${token.name}`}
                  loading={revoke.isPending && revoke.variables?.id === token.id}
                  onClick={() => {
                    if (window.confirm(`Revoke ${token.name}? Anything using it stops working at once.`)) revoke.mutate({ id: token.id });
                  }}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
