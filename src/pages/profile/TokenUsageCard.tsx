import { trpc } from "../../lib/trpc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, type ProgressTone } from "../../components/ui";
import { LIMITS } from "../../../worker/domain/constants";

/** Shown as the bar's scale when the plan has no limit, so the bar still means something. */
export const DEFAULT_MONTHLY_TOKENS_SHOWN = 100_000;

/** The bar's colour by warning level: blocked red, critical orange, warning yellow, else green. */
export const TOKEN_TONES: Record<string, ProgressTone> = { blocked: "danger", critical: "orange", warning: "warning", ok: "success" };

const number = (n: number) => n.toLocaleString("en-US");

/** AI Token Usage: tokens used this month out of the plan's limit, refreshed every 30 seconds. */
export function TokenUsageCard() {
  const usage = trpc.ai.tokenUsage.useQuery(undefined, { refetchInterval: LIMITS.tokenUsagePollMs });
  return (
    <Card className="token-usage">
      <CardHeader>
        <CardTitle as="h2">AI Token Usage</CardTitle>
        <CardDescription>Tokens the AI features used this month.</CardDescription>
      </CardHeader>
      <CardContent className="stack">
        {usage.isPending ? (
          <p className="muted small" role="status">
            Loading token usage...
          </p>
        ) : usage.isError ? (
          <p className="muted small">Couldn't load your token usage.</p>
        ) : (
          (() => {
            const used = usage.data.usage.monthlyTokens;
            const limit = usage.data.limits.monthly;
            const scale = limit ?? DEFAULT_MONTHLY_TOKENS_SHOWN;
            const level = usage.data.warningLevel;
            return (
              <>
                <p className="token-usage__numbers">
                  <strong>{number(used)}</strong> {limit === null ? "tokens used · unlimited on your plan" : `of ${number(limit)} tokens`}
                </p>
                <Progress
                  value={Math.min(used, scale)}
                  max={scale}
                  tone={TOKEN_TONES[level] ?? "success"}
                  label="AI tokens used this month"
                  valueText={limit === null ? `${number(used)} tokens used, no limit` : `${number(used)} of ${number(limit)} tokens`}
                />
                {usage.data.warningMessage && (
                  <p className={`token-usage__warning token-usage__warning--${level}`} role={level === "blocked" ? "alert" : undefined}>
                    {usage.data.warningMessage}
                  </p>
                )}
              </>
            );
          })()
        )}
      </CardContent>
    </Card>
  );
}
