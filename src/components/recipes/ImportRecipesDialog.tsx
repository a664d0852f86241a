import { useId, useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import { Badge, Button, Checkbox, Dialog, useToast } from "../ui";
import { AlertIcon, UploadIcon } from "../icons";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { IMPORT_FORMAT_LABELS, IMPORT_LIMITS } from "../../../worker/domain/recipeImportFormats";
import { IMPORT_MESSAGES, IMPORT_SAVE_BATCH, recipeImportForm } from "../../../worker/schemas/recipeImport";

type Preview = RouterOutputs["recipeImport"]["preview"];
type Draft = Preview["drafts"][number];

const ACCEPT = ".paprikarecipes,.paprikarecipe,.zip,.json,.jsonld,.html,.htm,application/zip,application/json,application/gzip,text/html";
const MAX_MB = IMPORT_LIMITS.maxFileBytes / (1024 * 1024);

function minutesText(draft: Draft): string | null {
  const total = (draft.prepTime ?? 0) + (draft.cookTime ?? 0);
  return total > 0 ? `${total} min` : null;
}

/** A draft as the save call takes it: the preview's key and duplicate flag stay in the dialog. */
function toSaveInput({ key: _key, duplicate: _duplicate, ...draft }: Draft) {
  return draft;
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Import recipes from other apps' exports: choose a file, the server reads it into drafts (nothing is saved yet),
 * review them (recipes you already have start unticked), then save the ticked ones.
 */
export function ImportRecipesDialog({ open, onOpenChange }: Props) {
  const ids = useId();
  const { toast } = useToast();
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState<{ done: number; total: number } | null>(null);
  const read = trpc.recipeImport.preview.useMutation();
  const save = trpc.recipeImport.save.useMutation();

  const reset = () => {
    setFile(null);
    setProblem(null);
    setPreview(null);
    setChosen(new Set());
    setSaving(null);
    read.reset();
  };

  const close = (next: boolean) => {
    if (saving) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setProblem(picked && picked.size > IMPORT_LIMITS.maxFileBytes ? IMPORT_MESSAGES.tooLarge : null);
    setFile(picked);
  };

  const readFile = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setProblem("Choose a recipe file to import");
      return;
    }
    if (problem) return;
    try {
      const result = await read.mutateAsync(recipeImportForm(file, file.name));
      setPreview(result);
      setChosen(new Set(result.drafts.filter((d) => !d.duplicate).map((d) => d.key)));
    } catch (error) {
      setProblem(errorMessage(error, "We couldn't read this file. Please try again."));
    }
  };

  const selected = useMemo(() => preview?.drafts.filter((d) => chosen.has(d.key)) ?? [], [preview, chosen]);

  const saveChosen = async () => {
    if (!preview || selected.length === 0) return;
    let done = 0;
    setSaving({ done, total: selected.length });
    try {
      for (let at = 0; at < selected.length; at += IMPORT_SAVE_BATCH) {
        const batch = selected.slice(at, at + IMPORT_SAVE_BATCH);
        const result = await save.mutateAsync({ drafts: batch.map(toSaveInput) });
        done += result.count;
        setSaving({ done, total: selected.length });
      }
      await utils.recipes.list.invalidate();
      toast({ title: done === 1 ? "Imported 1 recipe" : `Imported ${done} recipes`, description: "They're in your recipes, marked as imported." });
      onOpenChange(false);
      reset();
    } catch (error) {
      // What was saved stays saved: take it off the list so a retry doesn't save it twice.
      const savedKeys = new Set(selected.slice(0, done).map((d) => d.key));
      setPreview({ ...preview, drafts: preview.drafts.filter((d) => !savedKeys.has(d.key)) });
      setChosen((current) => new Set([...current].filter((key) => !savedKeys.has(key))));
      setSaving(null);
      if (done > 0) void utils.recipes.list.invalidate();
      toast({
        title: "Import stopped",
        description: `${done > 0 ? `${done} saved. ` : ""}${errorMessage(error, "The rest could not be saved. Please try again.")}`,
        variant: "destructive",
      });
    }
  };

  const toggle = (key: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Import recipes"
      description={preview ? "Check the recipes below and untick any you don't want. Nothing is saved until you choose Import." : "Bring your recipes from another app."}
      size="lg"
    >
      {!preview ? (
        <form className="stack" onSubmit={readFile} noValidate>
          <ul className="import-formats" aria-label="Files Plantry can read">
            <li>
              <strong>Paprika</strong>: the <code>.paprikarecipes</code> file from Export
            </li>
            <li>
              <strong>Mealie</strong>: the <code>.zip</code> from exporting recipes
            </li>
            <li>
              <strong>Tandoor</strong>: the <code>.zip</code> from the default export
            </li>
            <li>
              <strong>schema.org</strong>: a <code>.json</code> recipe file, or a saved recipe web page
            </li>
          </ul>
          <div className="field">
            <label htmlFor={`${ids}-file`} className="label">
              Export file
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept={ACCEPT}
              className="file-input"
              aria-describedby={`${ids}-hint${problem ? ` ${ids}-problem` : ""}`}
              aria-invalid={problem ? true : undefined}
              onChange={onFile}
            />
            <p id={`${ids}-hint`} className="field__hint">
              Up to {MAX_MB} MB. The file is read on our server and nothing is saved until you confirm.
            </p>
          </div>
          {problem && (
            <div id={`${ids}-problem`} className="alert alert--danger" role="alert">
              <AlertIcon size={18} />
              <p>{problem}</p>
            </div>
          )}
          <div className="dialog-actions">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={read.isPending} disabled={!file || Boolean(problem)}>
              {!read.isPending && <UploadIcon size={16} />}
              {read.isPending ? "Reading recipes..." : "Read file"}
            </Button>
          </div>
        </form>
      ) : (
        <div className="stack import-review">
          <div className="import-review__summary" aria-live="polite">
            <p>
              Found <strong>{preview.drafts.length}</strong> {preview.drafts.length === 1 ? "recipe" : "recipes"} in {preview.formats.join(" and ")} format.
              {preview.skippedCount > 0 && ` ${preview.skippedCount} entries had no ingredients or steps and were left out.`}
            </p>
            <div className="import-review__bulk">
              <Button variant="ghost" size="sm" onClick={() => setChosen(new Set(preview.drafts.map((d) => d.key)))} disabled={Boolean(saving)}>
                Select all
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setChosen(new Set())} disabled={Boolean(saving)}>
                Select none
              </Button>
            </div>
          </div>
          <ul className="import-review__list" aria-label="Recipes found">
            {preview.drafts.map((draft) => {
              const details = [`${draft.ingredients.length} ingredients`, `${draft.steps.length} steps`, draft.servings ? `serves ${draft.servings}` : null, minutesText(draft)].filter(Boolean).join(" · ");
              return (
                <li key={draft.key} className="import-draft">
                  <Checkbox
                    checked={chosen.has(draft.key)}
                    onChange={() => toggle(draft.key)}
                    disabled={Boolean(saving)}
                    label={draft.title}
                    description={details}
                  />
                  <div className="import-draft__badges">
                    <Badge variant="outline">{IMPORT_FORMAT_LABELS[draft.format]}</Badge>
                    {draft.duplicate && <Badge variant="warning">Already in your recipes</Badge>}
                  </div>
                  <details className="import-draft__details">
                    <summary>Show ingredients and steps</summary>
                    <div className="import-draft__columns">
                      <div>
                        <p className="import-draft__heading">Ingredients</p>
                        <ul>
                          {draft.ingredients.map((ingredient, i) => (
                            <li key={i}>
                              {ingredient.section && <span className="muted">{ingredient.section}: </span>}
                              {ingredient.line}
                            </li>
                          ))}
                        </ul>
                      </div>
                      <div>
                        <p className="import-draft__heading">Steps</p>
                        <ol>
                          {draft.steps.map((step, i) => (
                            <li key={i}>{step}</li>
                          ))}
                        </ol>
                      </div>
                    </div>
                  </details>
                </li>
              );
            })}
          </ul>
          <div className="dialog-actions">
            <Button variant="outline" onClick={reset} disabled={Boolean(saving)}>
              Choose another file
            </Button>
            <Button onClick={() => void saveChosen()} disabled={selected.length === 0} loading={Boolean(saving)}>
              {saving ? `Saving ${saving.done} of ${saving.total}...` : selected.length === 1 ? "Import 1 recipe" : `Import ${selected.length} recipes`}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
