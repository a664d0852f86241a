import { createApp } from "../app";
import { procedure, type RestOptions } from "./adapter";
import type { CsvExport } from "../services/account";

const attachment = (filename: string) => `attachment; filename="${filename}"`;

const csvDownload: RestOptions<{ filename: string; csv: string }> = {
  respond: (c, output) => {
    c.header("Content-Disposition", attachment(output.filename));
    c.header("Cache-Control", "no-store");
    return c.body(output.csv, 200, { "Content-Type": "text/csv; charset=utf-8" });
  },
};

const csvPath = (kind: CsvExport) => procedure((api) => api.account.exportCsv, () => ({ kind }), csvDownload);

/** Downloads of the user's data; the bodies come from account.export / account.exportCsv. */
export const accountRest = createApp()
  .get(
    "/account/export",
    procedure((api) => api.account.export, {
      respond: (c, output) => {
        c.header("Content-Disposition", attachment("plantry-export.json"));
        c.header("Cache-Control", "no-store");
        return c.json(output);
      },
    }),
  )
  .get("/account/export/pantry.csv", csvPath("pantry"))
  .get("/account/export/grocery-lists.csv", csvPath("grocery-lists"));
