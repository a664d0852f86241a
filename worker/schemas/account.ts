import { z } from "zod";
import "./zodMessages";

export const CSV_EXPORTS = ["pantry", "grocery-lists"] as const;
export const exportCsvInput = z.object({ kind: z.enum(CSV_EXPORTS, { message: "Choose pantry or grocery-lists" }) });
