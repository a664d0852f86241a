import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, buttonClass, useToast } from "../ui";
import { DownloadIcon, ShieldIcon, UploadIcon } from "../icons";
import { TrashIcon } from "../recipes/recipeIcons";
import { DeleteAccountDialog } from "./DeleteAccountDialog";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { saveFile } from "../../lib/download";
import type { AuthUser } from "../../lib/auth";

type Busy = "json" | "pantry" | "grocery-lists" | null;

/**
 * "Your data": the rights the privacy policy promises, self-contained so any profile layout can mount it.
 * Download my data (everything, JSON), the pantry and grocery lists as CSV, importing recipes from other apps,
 * and Delete my account.
 */
export function DataRightsCard({ user, headingLevel = "h2" }: { user: Pick<AuthUser, "hasPassword" | "username">; headingLevel?: "h2" | "h3" }) {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const [busy, setBusy] = useState<Busy>(null);
  const [deleting, setDeleting] = useState(false);
  const today = new Date().toISOString().slice(0, 10);

  const download = async (kind: Exclude<Busy, null>) => {
    setBusy(kind);
    try {
      if (kind === "json") {
        const data = await utils.client.account.export.query();
        saveFile(`plantry-export-${today}.json`, JSON.stringify(data, null, 2), "application/json");
      } else {
        const { filename, csv } = await utils.client.account.exportCsv.query({ kind });
        saveFile(filename.replace(/\.csv$/, `-${today}.csv`), csv, "text/csv;charset=utf-8");
      }
      toast({ title: "Download ready", description: "Your file has been saved by your browser." });
    } catch (error) {
      toast({ title: "Download failed", description: errorMessage(error, "Could not prepare your data. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="data-rights">
      <CardHeader>
        <CardTitle as={headingLevel}>
          <ShieldIcon size={20} /> Your data
        </CardTitle>
        <CardDescription>Everything you add to Plantry is yours: take a copy, bring recipes with you, or delete it all.</CardDescription>
      </CardHeader>
      <CardContent className="data-rights__content">
        <div className="data-rights__row">
          <div>
            <p className="data-rights__label">Download my data</p>
            <p className="data-rights__hint">Everything your account holds, as one JSON file. Spreadsheets of your pantry and grocery lists too.</p>
          </div>
          <div className="data-rights__actions">
            <Button variant="outline" size="sm" loading={busy === "json"} disabled={busy !== null} onClick={() => void download("json")}>
              {busy !== "json" && <DownloadIcon size={16} />}
              Download my data
            </Button>
            <Button variant="ghost" size="sm" loading={busy === "pantry"} disabled={busy !== null} onClick={() => void download("pantry")}>
              Pantry (CSV)
            </Button>
            <Button variant="ghost" size="sm" loading={busy === "grocery-lists"} disabled={busy !== null} onClick={() => void download("grocery-lists")}>
              Grocery lists (CSV)
            </Button>
          </div>
        </div>
        <div className="data-rights__row">
          <div>
            <p className="data-rights__label">Import recipes</p>
            <p className="data-rights__hint">From Paprika, Mealie, Tandoor or a schema.org recipe file. You check every recipe before it's saved.</p>
          </div>
          <div className="data-rights__actions">
            <Link to="/recipes" search={{ action: "import" }} className={buttonClass({ variant: "outline", size: "sm" })}>
              <UploadIcon size={16} />
              Import recipes
            </Link>
          </div>
        </div>
        <div className="data-rights__row data-rights__row--danger">
          <div>
            <p className="data-rights__label">Delete my account</p>
            <p className="data-rights__hint">Removes your account and everything in it, on every device. This can't be undone.</p>
          </div>
          <div className="data-rights__actions">
            <Button variant="destructive" size="sm" onClick={() => setDeleting(true)}>
              <TrashIcon size={16} />
              Delete my account
            </Button>
          </div>
        </div>
      </CardContent>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} hasPassword={user.hasPassword} />
    </Card>
  );
}
