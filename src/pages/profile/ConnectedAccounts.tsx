import { useEffect, useRef } from "react";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast } from "../../components/ui";
import { CheckIcon, GithubIcon, GoogleIcon } from "../../components/icons";

const route = getRouteApi("/profile");

type Provider = "google" | "github";
const NAMES: Record<Provider, string> = { google: "Google", github: "GitHub" };

/** What the connect round trip's return to /profile means, as a toast. */
export function linkResultMessage(search: { linked?: string; error?: string }): { title: string; description: string; destructive: boolean } | null {
  const provider = (search.linked ?? search.error?.replace(/_in_use$/, "")) as Provider | undefined;
  const name = provider && NAMES[provider];
  if (search.linked && name) return { title: `${name} connected`, description: `You can now sign in with ${name}.`, destructive: false };
  if (search.error?.endsWith("_in_use") && name) {
    return { title: `${name} is already in use`, description: `That ${name} account is connected to another Plantry account. Sign in with it there, or use a different ${name} account.`, destructive: true };
  }
  return null;
}

/** Connected accounts: connect Google or GitHub while signed in (auth.linkProvider), and the result on return. */
export function ConnectedAccounts({ linked }: { linked: { google: boolean; github: boolean } }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const providers = trpc.auth.providers.useQuery(undefined, { staleTime: Infinity });
  const link = trpc.auth.linkProvider.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast({ title: "Couldn't connect", description: errorMessage(error, "Please try again."), variant: "destructive" }),
  });
  const shown = useRef(false);

  useEffect(() => {
    if (shown.current) return;
    const result = linkResultMessage(search);
    if (!result) return;
    shown.current = true;
    toast({ title: result.title, description: result.description, variant: result.destructive ? "destructive" : "default" });
    if (search.linked) void utils.auth.me.invalidate();
    // The result is shown once; reloading the page should not show it again.
    void navigate({ to: "/profile", search: {}, replace: true });
  }, [search, navigate, utils]);

  const available = (["google", "github"] as const).filter((p) => providers.data?.[p] || linked[p]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connected accounts</CardTitle>
        <CardDescription>Sign in with Google or GitHub as well as your password.</CardDescription>
      </CardHeader>
      <CardContent>
        {providers.isPending ? (
          <p className="muted small">Loading...</p>
        ) : available.length === 0 ? (
          <p className="muted small">This server doesn't offer Google or GitHub sign-in.</p>
        ) : (
          <ul role="list" className="connected-list">
            {available.map((provider) => (
              <li key={provider} className="connected-list__row">
                <span className="connected-list__name">
                  {provider === "google" ? <GoogleIcon /> : <GithubIcon />} {NAMES[provider]}
                </span>
                {linked[provider] ? (
                  <Badge variant="success">
                    <CheckIcon size={14} /> Connected
                  </Badge>
                ) : (
                  <Button size="sm" variant="outline" loading={link.isPending && link.variables?.provider === provider} onClick={() => link.mutate({ provider })}>
                    Connect {NAMES[provider]}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
