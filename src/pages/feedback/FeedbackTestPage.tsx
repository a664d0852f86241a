import { useState } from "react";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, useToast } from "../../components/ui";
import { FeedbackIcon } from "../../components/icons";
import { FeedbackDialog } from "../../components/FeedbackDialog";
import { trpc } from "../../lib/trpc";
import { errorStatus } from "../../lib/api";
import { usePageTitle } from "../../lib/usePageTitle";
import "../../styles/feedback.css";

type LogEntry = { id: number; at: Date; outcome: "success" | "failure" | "info"; text: string };

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/**
 * /feedback-test: the three ways the app offers quick feedback, side by side, a button that calls the feedback API
 * directly, and a log of what happened with timestamps.
 */
export function FeedbackTestPage() {
  usePageTitle("Feedback test");
  const { toast } = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [log, setLog] = useState<LogEntry[]>([]);
  const send = trpc.engagement.sendFeedback.useMutation();

  const record = (outcome: LogEntry["outcome"], text: string) => setLog((entries) => [{ id: Date.now() + entries.length, at: new Date(), outcome, text }, ...entries]);

  const openFrom = (variant: string) => {
    record("info", `Opened the feedback dialog from the ${variant}.`);
    setDialogOpen(true);
  };

  const testApi = async () => {
    try {
      const result = await send.mutateAsync({
        feedback: "Feedback API test from the feedback test page.",
        page: window.location.pathname,
        userAgent: navigator.userAgent.slice(0, 500),
        timestamp: new Date().toISOString(),
      });
      record("success", `API test succeeded: ${result.message}`);
      toast({ title: "API Test Successful", description: result.message });
    } catch (error) {
      // No HTTP status means the request never got an answer.
      if (errorStatus(error) === undefined) {
        record("failure", "API test error: network error occurred.");
        toast({ title: "API Test Error", description: "Network error occurred", variant: "destructive" });
        return;
      }
      const message = error instanceof Error && error.message ? error.message : "The server refused the feedback.";
      record("failure", `API test failed: ${message}`);
      toast({ title: "API Test Failed", description: message, variant: "destructive" });
    }
  };

  return (
    <div className="page feedback-test">
      <header className="page-header">
        <h1 className="page-title">Feedback test</h1>
        <p className="page-subtitle">
          Try each feedback button and the feedback API. Each note is stored in Plantry's database with your account, the page you sent it from and your
          browser, for the team to read; nothing is emailed.
        </p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Feedback buttons</CardTitle>
          <CardDescription>The three styles the app can use. Each opens the Send Feedback dialog.</CardDescription>
        </CardHeader>
        <CardContent className="feedback-test__variants">
          <div className="feedback-test__variant">
            <Badge variant="outline">1 · Primary</Badge>
            <Button onClick={() => openFrom("primary button")}>
              <FeedbackIcon size={18} />
              Send Feedback
            </Button>
          </div>
          <div className="feedback-test__variant">
            <Badge variant="outline">2 · Outline</Badge>
            <Button variant="outline" onClick={() => openFrom("outline button")}>
              Give feedback
            </Button>
          </div>
          <div className="feedback-test__variant">
            <Badge variant="outline">3 · Floating</Badge>
            <button type="button" className="feedback-fab" aria-label="Feedback (floating button)" onClick={() => openFrom("floating button")}>
              <FeedbackIcon size={22} />
            </button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Feedback API</CardTitle>
          <CardDescription>Sends a test note straight to the feedback API (POST /api/feedback) and reports the answer.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="secondary" loading={send.isPending} onClick={() => void testApi()}>
            {send.isPending ? "Testing..." : "Test Feedback API"}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="feedback-test__log-header">
          <div>
            <CardTitle as="h2">Results</CardTitle>
            <CardDescription>Newest first.</CardDescription>
          </div>
          <Button variant="ghost" size="sm" onClick={() => setLog([])} disabled={log.length === 0}>
            Clear results
          </Button>
        </CardHeader>
        <CardContent aria-live="polite">
          {log.length === 0 ? (
            <p className="muted">No results yet. Try a button above.</p>
          ) : (
            <ol className="feedback-test__log" aria-label="Test results">
              {log.map((entry) => (
                <li key={entry.id} className={`feedback-test__entry feedback-test__entry--${entry.outcome}`}>
                  <time dateTime={entry.at.toISOString()}>{timeFormat.format(entry.at)}</time>
                  <span>{entry.text}</span>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>

      <FeedbackDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
      />
    </div>
  );
}
