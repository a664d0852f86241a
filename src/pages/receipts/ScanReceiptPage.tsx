import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton, buttonClass, toast } from "../../components/ui";
import { CameraIcon, ReceiptIcon } from "../../components/icons";
import { usePantryChanged } from "../../components/pantry/queries";
import { formatCalendarDate } from "../../components/pantry/pantryFormat";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../lib/api";
import { isPdf, prepareOcr, readReceiptText, renderPdfPreview, type OcrProgress } from "../../lib/ocr";
import { trpc } from "../../lib/trpc";
import { usePageTitle } from "../../lib/usePageTitle";
import { RECEIPT_ACCEPT, RECEIPT_LIMITS, RECEIPT_MESSAGES, receiptFileProblem } from "../../../worker/schemas/receipts";
import { ReceiptUploadError, formatMoney, uploadReceipt, type ReceiptSummary, type ReviewItem, type ScanResponse } from "./receiptApi";
import { ReviewReceipt, type ReviewSubmit } from "./ReviewReceipt";
import { ScanProgress, type ScanStage } from "./ScanProgress";
import "./receipts.css";

/** Progress rises by 10 every 300 ms up to 90 (the upload gives no real progress), then 100 on the response. */
const PROGRESS_STEP = 10;
const PROGRESS_TICK_MS = 300;
const PROGRESS_CAP = 90;
const RECENT_RECEIPTS = 3;

type Chosen = { file: File; previewUrl: string | null; pdf: boolean };

type Phase =
  | { name: "idle" }
  | ({ name: "chosen" } & Chosen)
  | ({ name: "processing"; stage: ScanStage; stages: ScanStage[] } & Chosen)
  | { name: "review"; receipt: ReceiptSummary; items: ReviewItem[]; chosen: Chosen | null };

const READING_DETAIL: Record<OcrProgress["stage"], string> = {
  loading: "Loading the text reader",
  recognizing: "Recognising text",
  pdf: "Reading the PDF",
};

function receiptIdFromLocation(): number | null {
  const value = new URLSearchParams(window.location.search).get("receipt");
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** Scan Receipt (/receipts/scan): choose or drop a file, read it, review the items, add them to the pantry. */
export function ScanReceiptPage() {
  usePageTitle("Scan Receipt");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const pantryChanged = usePantryChanged();
  const { isPremium } = useAuth();
  const scanInfo = trpc.receipts.scanInfo.useQuery(undefined, { refetchOnWindowFocus: false });
  const recent = trpc.receipts.list.useQuery({ limit: RECENT_RECEIPTS });

  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  const [progress, setProgress] = useState(0);
  const [readingPercent, setReadingPercent] = useState<number | null>(null);
  const [readingDetail, setReadingDetail] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const tickRef = useRef<number | undefined>(undefined);
  const previewRef = useRef<string | null>(null);

  const confirm = trpc.receipts.confirm.useMutation();
  const readsOnServer = scanInfo.data?.reader === "server";

  // Object URLs are released when replaced and when the page goes away.
  const setPreviewUrl = useCallback((url: string | null) => {
    if (previewRef.current?.startsWith("blob:")) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
  }, []);
  useEffect(
    () => () => {
      window.clearInterval(tickRef.current);
      abortRef.current?.abort();
      setPreviewUrl(null);
    },
    [setPreviewUrl],
  );

  // Coming back to a receipt that was saved but not yet added (/receipts/scan?receipt=12).
  useEffect(() => {
    const id = receiptIdFromLocation();
    if (id === null) return;
    utils.receipts.get
      .fetch({ id })
      .then((data) => {
        if (data.receipt.status === "confirmed") {
          void navigate({ to: "/receipts/$id", params: { id: String(id) } });
          return;
        }
        setPhase({ name: "review", receipt: data.receipt, items: data.groceryItems, chosen: null });
      })
      .catch((error: unknown) => toast({ title: RECEIPT_MESSAGES.notFound, description: errorMessage(error, RECEIPT_MESSAGES.notFound), variant: "destructive" }));
  }, [navigate, utils]);

  function startProgress() {
    window.clearInterval(tickRef.current);
    setProgress(0);
    tickRef.current = window.setInterval(() => {
      setProgress((value) => Math.min(PROGRESS_CAP, value + PROGRESS_STEP));
    }, PROGRESS_TICK_MS);
  }

  function stopProgress(final: number) {
    window.clearInterval(tickRef.current);
    setProgress(final);
  }

  function chooseFile(file: File | undefined) {
    if (!file) return;
    const problem = receiptFileProblem(file);
    if (problem === "invalidType") {
      toast({ title: RECEIPT_MESSAGES.invalidTypeTitle, description: RECEIPT_MESSAGES.invalidTypeDescription, variant: "destructive" });
      return;
    }
    if (problem === "tooLarge") {
      toast({ title: RECEIPT_MESSAGES.tooLargeTitle, description: RECEIPT_MESSAGES.tooLargeDescription, variant: "destructive" });
      return;
    }
    const pdf = isPdf(file);
    const previewUrl = pdf ? null : URL.createObjectURL(file);
    setPreviewUrl(previewUrl);
    setPhase({ name: "chosen", file, previewUrl, pdf });
    if (pdf) {
      renderPdfPreview(file)
        .then((url) => setPhase((current) => (current.name === "chosen" && current.file === file ? { ...current, previewUrl: url } : current)))
        .catch(() => undefined); // the file name stands in for the preview
    } else if (!readsOnServer) {
      prepareOcr();
    }
  }

  async function readOnDevice(chosen: Chosen): Promise<string[] | null> {
    setReadingPercent(0);
    setReadingDetail(chosen.pdf ? READING_DETAIL.pdf : READING_DETAIL.loading);
    try {
      const result = await readReceiptText(chosen.file, (update) => {
        setReadingDetail(READING_DETAIL[update.stage]);
        setReadingPercent(update.progress * 100);
      });
      return result.lines;
    } catch (error) {
      // The server still stores the receipt; the items can then be added by hand.
      console.warn("Reading the receipt on this device failed", error);
      return null;
    }
  }

  async function process(choice: Chosen) {
    const chosen: Chosen = { file: choice.file, previewUrl: choice.previewUrl, pdf: choice.pdf };
    const deviceReads = chosen.pdf || !readsOnServer;
    const stages: ScanStage[] = deviceReads ? ["reading", "uploading"] : ["uploading"];
    const controller = new AbortController();
    abortRef.current?.abort();
    abortRef.current = controller;
    setReadingPercent(null);
    startProgress();

    const send = (lines: string[] | null) => {
      setPhase({ name: "processing", ...chosen, stage: "uploading", stages });
      return uploadReceipt(utils.client, chosen.file, lines, controller.signal);
    };

    try {
      let lines: string[] | null = null;
      if (deviceReads) {
        setPhase({ name: "processing", ...chosen, stage: "reading", stages });
        lines = await readOnDevice(chosen);
        if (controller.signal.aborted) return;
      }
      let response: ScanResponse;
      try {
        response = await send(lines);
      } catch (error) {
        // The server could not read the photo: read it here and send the text for the same (already stored) file.
        if (error instanceof ReceiptUploadError && error.receiptId !== null && !deviceReads) {
          setPhase({ name: "processing", ...chosen, stage: "reading", stages: ["reading", "uploading"] });
          const deviceLines = await readOnDevice(chosen);
          response = deviceLines && deviceLines.length > 0 ? await send(deviceLines) : await reviewOf(error.receiptId);
        } else if (error instanceof ReceiptUploadError && error.receiptId !== null) {
          response = await reviewOf(error.receiptId);
        } else {
          throw error;
        }
      }
      stopProgress(100);
      void utils.receipts.invalidate();
      if (response.receipt.status === "confirmed") {
        toast({ title: "Already added", description: "This receipt was scanned before and its items are in your pantry." });
        void navigate({ to: "/receipts/$id", params: { id: String(response.receipt.id) } });
        return;
      }
      if (response.duplicate) toast({ title: "Scanned before", description: "You uploaded this receipt already, so here is what we read from it." });
      setPhase({ name: "review", receipt: response.receipt, items: response.groceryItems, chosen });
    } catch (error) {
      stopProgress(0);
      if (controller.signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
      setPhase({ name: "chosen", ...chosen });
      if (error instanceof ReceiptUploadError && error.limitReached) {
        toast({ title: RECEIPT_MESSAGES.limitTitle, description: RECEIPT_MESSAGES.limitMessage, variant: "destructive" });
        void utils.receipts.scanInfo.invalidate();
        return;
      }
      toast({ title: RECEIPT_MESSAGES.uploadFailedTitle, description: error instanceof Error && error.message ? error.message : RECEIPT_MESSAGES.uploadFailedFallback, variant: "destructive" });
    }
  }

  /** The stored receipt as the review step needs it, for one the server kept without items. */
  async function reviewOf(receiptId: number): Promise<ScanResponse> {
    const data = await utils.receipts.get.fetch({ id: receiptId });
    return { receipt: data.receipt, groceryItems: data.groceryItems, duplicate: false, limit: null, reading: { source: "none", lines: 0 } };
  }

  function cancel() {
    abortRef.current?.abort();
    window.clearInterval(tickRef.current);
    void navigate({ to: "/pantry" });
  }

  function confirmReview(receipt: ReceiptSummary, input: ReviewSubmit) {
    confirm.mutate(
      { receiptId: receipt.id, ...input },
      {
        onSuccess: async (result) => {
          await Promise.all([pantryChanged(), utils.receipts.invalidate()]);
          const where = result.receipt.storeName ? ` from ${result.receipt.storeName}` : "";
          toast({
            title: "Added to your pantry",
            description: result.alreadyConfirmed ? "These items were already added from this receipt." : `${result.added} ${result.added === 1 ? "item" : "items"}${where} added with estimated expiry dates.`,
          });
          void navigate({ to: "/pantry" });
        },
        onError: (error) => toast({ title: "Couldn't add the items", description: errorMessage(error, "Failed to add items to your pantry"), variant: "destructive" }),
      },
    );
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (phase.name === "processing") return;
    chooseFile(event.dataTransfer.files[0]);
  }

  const busy = phase.name === "processing";
  const limit = scanInfo.data?.limit;
  const showLimitPanel = !isPremium && limit !== undefined;
  const maxScans = limit?.max ?? RECEIPT_LIMITS.freeScansPerMonth;

  return (
    <div className="page scan-page">
      <header className="page-header">
        <h1 className="page-title">Scan Receipt</h1>
        <p className="page-subtitle">Photograph or upload a grocery receipt and add its items to your pantry with estimated expiry dates.</p>
      </header>

      <div className={`scan-page__layout${phase.name === "review" ? " scan-page__layout--review" : ""}`}>
        <div className="scan-page__main">
          {phase.name === "review" ? (
            <ReviewReceipt
              key={phase.receipt.id}
              receipt={phase.receipt}
              items={phase.items}
              confirming={confirm.isPending}
              onConfirm={(input) => confirmReview(phase.receipt, input)}
              onCancel={cancel}
            />
          ) : (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Upload a receipt</CardTitle>
                <CardDescription>
                  JPG, PNG or PDF, up to 10 MB.{" "}
                  {readsOnServer ? "Photos are read securely on our server." : "Text is read on this device: your photo is only uploaded to keep with your receipt."}
                </CardDescription>
              </CardHeader>
              <CardContent className="stack">
                <input
                  ref={inputRef}
                  type="file"
                  accept={RECEIPT_ACCEPT}
                  className="sr-only"
                  tabIndex={-1}
                  aria-label="Receipt file"
                  onChange={(event) => {
                    chooseFile(event.target.files?.[0]);
                    event.target.value = "";
                  }}
                />
                <button
                  type="button"
                  className={`dropzone${dragging ? " dropzone--active" : ""}${phase.name !== "idle" ? " dropzone--compact" : ""}`}
                  onClick={() => inputRef.current?.click()}
                  onDragOver={(event) => {
                    event.preventDefault();
                    if (!busy) setDragging(true);
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                  disabled={busy}
                  aria-describedby="dropzone-help"
                >
                  <CameraIcon size={32} />
                  <span className="dropzone__title">{phase.name === "idle" ? "Drop your receipt here or choose a file" : "Choose a different file"}</span>
                  <span id="dropzone-help" className="dropzone__help">
                    Press Enter or Space to open the file picker. On a phone you can take a photo.
                  </span>
                </button>

                {phase.name !== "idle" && (
                  <div className="scan-preview">
                    {phase.previewUrl ? (
                      <img className="scan-preview__image" src={phase.previewUrl} alt={`Preview of ${phase.file.name}`} />
                    ) : (
                      <div className="scan-preview__file">
                        <ReceiptIcon size={32} />
                      </div>
                    )}
                    <div className="scan-preview__info">
                      <p className="scan-preview__name">{phase.file.name}</p>
                      <p className="muted small">
                        {phase.pdf ? "PDF" : phase.file.type.replace("image/", "").toUpperCase()} · {(phase.file.size / 1024 / 1024).toFixed(phase.file.size < 1024 * 1024 ? 2 : 1)} MB
                      </p>
                      {phase.name === "processing" ? (
                        <ScanProgress
                          progress={progress}
                          stage={phase.stage}
                          stages={phase.stages}
                          readingPercent={readingPercent}
                          readingDetail={readingDetail}
                        />
                      ) : (
                        <Button onClick={() => void process(phase)}>Scan receipt</Button>
                      )}
                    </div>
                  </div>
                )}

                <div className="scan-page__actions">
                  <Button variant="outline" onClick={cancel}>
                    Cancel
                  </Button>
                </div>
              </CardContent>
            </Card>
          )}
        </div>

        <aside className="scan-page__side stack" aria-label="Receipt scanning details">
          {showLimitPanel && (
            <Card className="scan-limit">
              <CardHeader>
                <CardTitle as="h2">Free plan</CardTitle>
                <CardDescription>
                  {limit.used >= maxScans ? "You've used all your free scans this month. Upgrade to premium for unlimited receipt scanning." : `${maxScans} receipt scans each month.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="stack">
                <Progress value={limit.used} max={maxScans} label="Receipt scans used this month" valueText={`${limit.used} of ${maxScans} scans used`} tone={limit.used >= maxScans ? "danger" : limit.used >= maxScans - 1 ? "warning" : "default"} />
                <p className="small">
                  <strong>
                    {Math.min(limit.used, maxScans)} / {maxScans}
                  </strong>{" "}
                  scans used this month
                </p>
                <a className={buttonClass({ variant: "outline", size: "sm" })} href="/api/subscription/create-checkout">
                  Upgrade to Premium
                </a>
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle as="h2">Recent receipts</CardTitle>
            </CardHeader>
            <CardContent>
              {recent.isLoading ? (
                <div className="stack">
                  <Skeleton style={{ height: 44 }} />
                  <Skeleton style={{ height: 44 }} />
                </div>
              ) : recent.data && recent.data.length > 0 ? (
                <ul className="recent-receipts">
                  {recent.data.slice(0, RECENT_RECEIPTS).map((receipt) => (
                    <li key={receipt.id}>
                      <Link to="/receipts/$id" params={{ id: String(receipt.id) }} className="recent-receipts__link">
                        <span className="recent-receipts__store">{receipt.storeName ?? "Receipt"}</span>
                        <span className="muted small">
                          {formatCalendarDate(receipt.purchaseDate ?? receipt.createdAt.slice(0, 10))} · {formatMoney(receipt.total)}
                        </span>
                        {receipt.status !== "confirmed" && <Badge variant={receipt.status === "failed" ? "warning" : "info"}>{receipt.status === "failed" ? "Needs items" : "To review"}</Badge>}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted small">No receipts yet. Your scanned receipts will appear here.</p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Tips for a good scan</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="scan-tips">
                <li>Lay the receipt flat in good light.</li>
                <li>Fit the whole receipt in the photo, straight on.</li>
                <li>Long receipt? Fold it or take a PDF from the shop's app.</li>
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}
