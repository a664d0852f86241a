import { Link, getRouteApi, useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { loginInput, registerInput } from "../../worker/schemas/auth";
import { SIGN_IN_URLS, browserTimeZone, useLoginMutation, useRegisterMutation, type AuthMode } from "../lib/auth";
import { trpc } from "../lib/trpc";
import { usePageTitle } from "../lib/usePageTitle";
import { Button } from "../components/ui/Button";
import { Field } from "../components/ui/Field";
import { Input } from "../components/ui/Input";
import { useToast } from "../components/ui/toast-store";
import { AlertIcon, CheckIcon, GithubIcon, GoogleIcon } from "../components/icons";
import { PublicHeader } from "../components/public/PublicHeader";

const route = getRouteApi("/login");

type Mode = AuthMode;
type FieldName = "username" | "password" | "email" | "firstName" | "lastName";
type FieldErrors = Partial<Record<FieldName, string>>;
type FormValues = Record<FieldName, string>;

/**
 * The sign-in form uses the server's loginInput plus the account length rules, so a too-short entry is
 * explained before a round trip; create-account uses registerInput as is.
 */
const signInForm = loginInput.extend({
  username: loginInput.shape.username.min(3, "Username must be at least 3 characters"),
  password: loginInput.shape.password.min(8, "Password must be at least 8 characters"),
});

/** Readable reasons for the ?error= codes the OAuth callbacks send back. */
export const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  oauth_state: "Your sign-in attempt expired or was interrupted. Please try again.",
  oauth_failed: "We couldn't sign you in with that provider. Please try again, or use your username and password.",
  disabled: "This account has been disabled. Please contact support if you think this is a mistake.",
};

function firstErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as FieldName | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

function validate(mode: Mode, values: FormValues): FieldErrors {
  const result =
    mode === "signin"
      ? signInForm.safeParse({ username: values.username, password: values.password })
      : registerInput.safeParse({ ...values, firstName: values.firstName || null, lastName: values.lastName || null });
  return result.success ? {} : firstErrors(result.error);
}

/** Server field errors (fieldErrors in the tRPC error data), when the server rejected the input. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: Record<string, string[]> | null } | undefined)?.fieldErrors;
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields ?? {})) {
    if (messages[0]) out[key as FieldName] = messages[0];
  }
  return out;
}

/** True when the server answered (a failure with its own text), false for network and other exceptions. */
function isServerAnswer(error: unknown): error is TRPCClientError<never> {
  return error instanceof TRPCClientError && Boolean(error.data);
}

const EMPTY: FormValues = { username: "", password: "", email: "", firstName: "", lastName: "" };

/** The sign-in / create-account screen: /login signs in, /login?mode=register creates an account. */
export function AuthPage() {
  const { error: oauthError, mode: modeParam } = route.useSearch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const mode: Mode = modeParam === "register" ? "register" : "signin";
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const login = useLoginMutation();
  const register = useRegisterMutation();
  const providers = trpc.auth.providers.useQuery(undefined, { staleTime: Infinity, retry: false, refetchOnWindowFocus: false });
  const submitting = login.isPending || register.isPending;
  const signingIn = mode === "signin";
  usePageTitle(signingIn ? "Sign in" : "Create account");

  const update = (name: FieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // After a first attempt, errors follow the typing so they disappear once fixed.
    if (submitted) setErrors(validate(mode, next));
  };

  // The mode lives in the URL, so a link, a reload and Back all keep it.
  const switchMode = () => {
    void navigate({ to: "/login", search: (previous) => ({ ...previous, mode: signingIn ? "register" : undefined }), replace: true });
    setErrors({});
    setSubmitted(false);
  };

  const goToProvider = (provider: "google" | "github") => {
    const configured = providers.data?.[provider];
    const name = provider === "google" ? "Google" : "GitHub";
    // Unknown (the check failed or is still running): let the server decide.
    if (configured === false) {
      toast({
        title: `${name} sign-in is not available`,
        description: `${name} sign-in is not configured on this server. Please sign in with a username and password.`,
        variant: "destructive",
      });
      return;
    }
    window.location.assign(provider === "google" ? SIGN_IN_URLS.google : SIGN_IN_URLS.platform);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(mode, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const timeZone = browserTimeZone();
    try {
      if (signingIn) {
        await login.mutateAsync({ username: values.username, password: values.password, timeZone });
        toast({ title: "Login successful", description: "Welcome back!" });
      } else {
        await register.mutateAsync({
          username: values.username,
          email: values.email,
          password: values.password,
          firstName: values.firstName || null,
          lastName: values.lastName || null,
          timeZone,
        });
        toast({ title: "Registration successful", description: "Your account has been created!" });
      }
      await navigate({ to: "/" });
    } catch (error) {
      const title = signingIn ? "Login failed" : "Registration failed";
      if (isServerAnswer(error)) {
        setErrors(serverFieldErrors(error));
        const fallback = signingIn ? "Invalid username or password" : "Could not create your account";
        toast({ title, description: error.message || fallback, variant: "destructive" });
      } else {
        console.error(`${title}`, error);
        toast({ title, description: "Something went wrong. Please try again.", variant: "destructive" });
      }
    }
  };

  const oauthMessage = oauthError ? (OAUTH_ERROR_MESSAGES[oauthError] ?? "Sign-in failed. Please try again.") : null;

  return (
    <div className="auth-page">
      <PublicHeader />
      <main id="main" className="auth-page__main">
        <aside className="auth-aside" aria-label="Why Plantry">
          <p className="auth-aside__eyebrow">Free beta · all premium features included</p>
          <p className="auth-aside__title">Your kitchen, finally organised.</p>
          <ul className="auth-aside__list" role="list">
            {["Know what expires before it does", "Scan receipts straight into your pantry", "Recipes from what you already have", "Plan the week and shop with one list"].map((item) => (
              <li key={item}>
                <CheckIcon size={18} />
                {item}
              </li>
            ))}
          </ul>
        </aside>

        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-card__title">
            {signingIn ? "Welcome back" : "Create your account"}
          </h1>
          <p className="auth-card__subtitle">{signingIn ? "Sign in to your Plantry account." : "Join the beta in less than a minute."}</p>

          {oauthMessage && (
            <div className="alert alert--danger" role="alert">
              <AlertIcon size={18} />
              <p>{oauthMessage}</p>
            </div>
          )}

          <div className="auth-card__providers">
            <Button variant="outline" className="btn--block" onClick={() => goToProvider("google")}>
              <GoogleIcon />
              Continue with Google
            </Button>
            <Button variant="outline" className="btn--block" onClick={() => goToProvider("github")}>
              <GithubIcon size={18} />
              Continue with GitHub
            </Button>
          </div>

          <div className="divider" role="separator">
            <span>or continue with your username</span>
          </div>

          <form className="stack" onSubmit={onSubmit} noValidate aria-label={signingIn ? "Sign in" : "Create account"}>
            <Field label="Username" error={errors.username}>
              {(control) => (
                <Input {...control} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} value={values.username} onChange={(e) => update("username", e.target.value)} />
              )}
            </Field>
            {!signingIn && (
              <Field label="Email" error={errors.email}>
                {(control) => <Input {...control} type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => update("email", e.target.value)} />}
              </Field>
            )}
            <Field label="Password" error={errors.password} hint={signingIn ? undefined : "At least 8 characters."}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  name="password"
                  autoComplete={signingIn ? "current-password" : "new-password"}
                  value={values.password}
                  onChange={(e) => update("password", e.target.value)}
                />
              )}
            </Field>
            {!signingIn && (
              <div className="form-row">
                <Field label="First name" optional error={errors.firstName}>
                  {(control) => <Input {...control} name="firstName" autoComplete="given-name" value={values.firstName} onChange={(e) => update("firstName", e.target.value)} />}
                </Field>
                <Field label="Last name" optional error={errors.lastName}>
                  {(control) => <Input {...control} name="lastName" autoComplete="family-name" value={values.lastName} onChange={(e) => update("lastName", e.target.value)} />}
                </Field>
              </div>
            )}
            <Button type="submit" size="lg" className="btn--block" loading={submitting}>
              {signingIn ? (submitting ? "Signing in..." : "Sign In") : submitting ? "Creating account..." : "Create Account"}
            </Button>
          </form>

          <p className="auth-card__switch">
            {signingIn ? "Don't have an account?" : "Already have an account?"}{" "}
            <button type="button" className="link-button" onClick={switchMode}>
              {signingIn ? "Create one" : "Sign in"}
            </button>
          </p>
          <p className="auth-card__legal">
            By continuing you agree to our <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </section>
      </main>
    </div>
  );
}
