import { Progress } from "../../components/ui";
import { CheckIcon } from "../../components/icons";

export type ScanStage = "reading" | "uploading";

type ScanProgressProps = {
  /** A timed bar: +10 every 300 ms up to 90, 100 when the server answers. */
  progress: number;
  stage: ScanStage;
  /** Which stages run for this file (reading is skipped when the server reads the photo). */
  stages: ScanStage[];
  readingPercent: number | null;
  readingDetail: string | null;
};

const STAGE_LABELS: Record<ScanStage, string> = {
  reading: "Reading text",
  uploading: "Uploading and finding items",
};

/** The processing state: the overall bar plus each real stage with its own percentage. */
export function ScanProgress({ progress, stage, stages, readingPercent, readingDetail }: ScanProgressProps) {
  const current = stages.indexOf(stage);
  return (
    <div className="scan-progress" aria-live="polite">
      <div className="scan-progress__head">
        <span className="scan-progress__title">{STAGE_LABELS[stage]}…</span>
        <span className="scan-progress__value">{Math.round(progress)}%</span>
      </div>
      <Progress value={progress} label="Receipt processing progress" valueText={`${Math.round(progress)}% - ${STAGE_LABELS[stage]}`} />
      <ol className="scan-progress__stages">
        {stages.map((name, index) => {
          const state = index < current ? "done" : index === current ? "active" : "waiting";
          const detail = name === "reading" && state === "active" ? `${readingDetail ?? "Preparing"}${readingPercent !== null ? ` ${Math.round(readingPercent)}%` : ""}` : null;
          return (
            <li key={name} className={`scan-progress__stage scan-progress__stage--${state}`} aria-current={state === "active" ? "step" : undefined}>
              <span className="scan-progress__dot" aria-hidden="true">
                {state === "done" ? <CheckIcon size={14} /> : index + 1}
              </span>
              <span>{STAGE_LABELS[name]}</span>
              {detail && <span className="scan-progress__detail">{detail}</span>}
              <span className="sr-only">{state === "done" ? "(done)" : state === "active" ? "(in progress)" : "(waiting)"}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
