import { useId, useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Button } from "../ui/Button";
import { Checkbox } from "../ui/Checkbox";
import { Dialog } from "../ui/Dialog";
import { Field } from "../ui/Field";
import { Input } from "../ui/Input";
import { Select, type SelectOption } from "../ui/Select";
import { toast } from "../ui/toast-store";
import { CONTAINER_TYPES, DEFAULT_STORAGE_LOCATION, PANTRY_CATEGORIES, STORAGE_LOCATIONS, UNITS } from "../../../worker/domain/constants";
import { createPantryItemInput, updatePantryItemInput } from "../../../worker/schemas/pantry";
import { STORAGE_LABELS, formatNumber, type PantryItem } from "./pantryFormat";
import { usePantryChanged } from "./queries";
import "../../styles/pantry.css";

const CATEGORY_OPTIONS: SelectOption[] = PANTRY_CATEGORIES.map((c) => ({ value: c, label: c }));
const STORAGE_OPTIONS: SelectOption[] = STORAGE_LOCATIONS.map((s) => ({ value: s, label: STORAGE_LABELS[s] ?? s }));
const CONTAINER_OPTIONS: SelectOption[] = CONTAINER_TYPES.map((c) => ({ value: c, label: c === "lb" ? "lb" : c[0]!.toUpperCase() + c.slice(1) }));

type FormValues = {
  name: string;
  category: string;
  quantity: string;
  unit: string;
  size: string;
  amountPerContainer: string;
  amountLeft: string;
  storageLocation: string;
  isOpened: boolean;
  expirationDate: string;
  price: string;
  noAutoExpiry: boolean;
};

type FieldName = keyof FormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY: FormValues = {
  name: "",
  category: "",
  quantity: "1",
  unit: "",
  size: "",
  amountPerContainer: "",
  amountLeft: "",
  storageLocation: DEFAULT_STORAGE_LOCATION,
  isOpened: false,
  expirationDate: "",
  price: "",
  noAutoExpiry: false,
};

const numberText = (value: number | null) => (value === null ? "" : formatNumber(value));

function valuesFrom(item: PantryItem): FormValues {
  const full = item.maxAmountPerUnit ?? item.amountPerUnit;
  return {
    name: item.name,
    category: item.category,
    quantity: formatNumber(item.quantity),
    unit: item.unit ?? "",
    size: item.size ?? "",
    amountPerContainer: numberText(full),
    amountLeft: numberText(item.amountPerUnit ?? full),
    storageLocation: item.storageLocation,
    isOpened: item.isOpened,
    expirationDate: item.expirationDate?.slice(0, 10) ?? "",
    price: numberText(item.price),
    noAutoExpiry: false,
  };
}

/** Whether the "left in the open container" field applies: an opened item measured in amounts. */
function showsAmountLeft(values: FormValues): boolean {
  return values.isOpened && values.amountPerContainer.trim() !== "";
}

/** The amounts as the API stores them: the full container and what is left in the open one. */
function amountsOf(values: FormValues) {
  const full = values.amountPerContainer.trim();
  const left = showsAmountLeft(values) && values.amountLeft.trim() !== "" ? values.amountLeft.trim() : full;
  return { maxAmountPerUnit: full === "" ? null : full, amountPerUnit: left === "" ? null : left };
}

/** Server paths of validation issues mapped back to the form field that shows them. */
function fieldFor(path: string, values: FormValues): FieldName | null {
  switch (path) {
    case "amountPerUnit":
      return showsAmountLeft(values) ? "amountLeft" : "amountPerContainer";
    case "maxAmountPerUnit":
      return "amountPerContainer";
    case "name":
    case "category":
    case "quantity":
    case "unit":
    case "size":
    case "storageLocation":
    case "expirationDate":
    case "price":
      return path;
    default:
      return null;
  }
}

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], values: FormValues): { errors: FieldErrors; other: string | null } {
  const errors: FieldErrors = {};
  let other: string | null = null;
  for (const issue of issues) {
    const field = fieldFor(String(issue.path[0] ?? ""), values);
    if (field) errors[field] ??= issue.message;
    else other ??= issue.message;
  }
  return { errors, other };
}

type PantryItemDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item to edit; without it the dialog adds a new item. */
  item?: PantryItem | null;
};

/**
 * Add Item and Edit Item: the same fields, validated with the server's own zod schemas so the
 * inline messages match what the API would say. Mounted fresh for each opening (pass a key).
 */
export function PantryItemDialog({ open, onOpenChange, item }: PantryItemDialogProps) {
  const editing = Boolean(item);
  const [values, setValues] = useState<FormValues>(() => (item ? valuesFrom(item) : EMPTY));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formId = useId();
  const unitListId = useId();
  const pantryChanged = usePantryChanged();
  const create = trpc.pantry.create.useMutation();
  const update = trpc.pantry.update.useMutation();
  const saving = create.isPending || update.isPending;

  const set = <K extends FieldName>(name: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };

  const reestimates = item ? values.storageLocation !== item.storageLocation || values.isOpened !== item.isOpened : false;
  const dateChanged = item ? values.expirationDate !== (item.expirationDate?.slice(0, 10) ?? "") : false;

  const showServerError = (error: unknown, fallback: string) => {
    const fieldErrors = (error as { data?: { fieldErrors?: Record<string, string[]> | null } })?.data?.fieldErrors;
    if (fieldErrors) {
      const issues = Object.entries(fieldErrors).map(([path, messages]) => ({ path: [path.split(".")[0] ?? ""], message: messages[0] ?? "Invalid input" }));
      setErrors(issuesToErrors(issues, values).errors);
    }
    const message = errorMessage(error, fallback);
    setFormError(message);
    toast({ title: editing ? "Error" : message, description: editing ? message : undefined, variant: "destructive" });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const amounts = amountsOf(values);
    const common = {
      name: values.name,
      category: values.category === "" ? undefined : values.category,
      unit: values.unit.trim() || null,
      size: values.size === "" ? null : values.size,
      storageLocation: values.storageLocation,
      isOpened: values.isOpened,
      ...amounts,
      price: values.price.trim(),
    };

    if (!item) {
      const candidate = {
        ...common,
        quantity: values.quantity,
        // The checkbox sends null: no date, and no estimate either.
        expirationDate: values.noAutoExpiry ? null : values.expirationDate.trim() || undefined,
      };
      const parsed = createPantryItemInput.safeParse(candidate);
      if (!parsed.success) {
        setErrors(issuesToErrors(parsed.error.issues, values).errors);
        return;
      }
      create.mutate(parsed.data, {
        onSuccess: (created) => {
          toast({ title: "Item added to pantry!", description: `${created.name} · ${created.expiry.label}` });
          void pantryChanged();
          onOpenChange(false);
        },
        onError: (error) => showServerError(error, "Failed to add item"),
      });
      return;
    }

    // Edit: quantity is required decimal text.
    if (values.quantity.trim() === "") {
      setErrors({ quantity: "Quantity is required" });
      return;
    }
    const candidate = {
      id: item.id,
      ...common,
      quantity: values.quantity,
      // Only a date the user changed is sent: an echoed date would count as theirs and stop re-estimation.
      ...(dateChanged ? { expirationDate: values.expirationDate.trim() || null } : {}),
    };
    const parsed = updatePantryItemInput.safeParse(candidate);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues, values).errors);
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: (updated) => {
        toast({ title: "Item updated successfully!", description: `${updated.name} · ${updated.expiry.label}` });
        void pantryChanged();
        onOpenChange(false);
      },
      onError: (error) => showServerError(error, "Failed to update item"),
    });
  };

  const moveText =
    item && values.storageLocation !== item.storageLocation
      ? `moving it to the ${values.storageLocation}`
      : item && values.isOpened !== item.isOpened
        ? values.isOpened
          ? "opening it"
          : "marking it sealed"
        : "";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      title={editing ? `Edit ${item!.name}` : "Add Item"}
      description={editing ? "Change what's left, where it's kept or when it expires." : "Add something to your pantry. Leave the date empty and we'll estimate it."}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {editing ? "Save Changes" : "Add Item"}
          </Button>
        </>
      }
    >
      <form id={formId} className="pantry-form" onSubmit={onSubmit} noValidate>
        {formError && (
          <p className="alert alert--danger" role="alert">
            {formError}
          </p>
        )}
        <div className="form-row">
          <Field label="Name" error={errors.name}>
            {(p) => <Input {...p} value={values.name} onChange={(e) => set("name", e.target.value)} autoComplete="off" placeholder="e.g. Milk" maxLength={120} />}
          </Field>
          <Field label="Category" error={errors.category}>
            {(p) => (
              <Select {...p} value={values.category} onChange={(e) => set("category", e.target.value)} options={CATEGORY_OPTIONS} placeholder="Choose a category" required />
            )}
          </Field>
        </div>

        <div className="form-row form-row--3">
          <Field label="Quantity" error={errors.quantity} hint="Containers or items">
            {(p) => <Input {...p} value={values.quantity} onChange={(e) => set("quantity", e.target.value)} inputMode="decimal" />}
          </Field>
          <Field label="Container type" error={errors.size} optional>
            {(p) => <Select {...p} value={values.size} onChange={(e) => set("size", e.target.value)} options={CONTAINER_OPTIONS} placeholder="None" />}
          </Field>
          <Field label="Unit" error={errors.unit} optional hint="e.g. gallon, oz, lb">
            {(p) => (
              <>
                <Input {...p} value={values.unit} onChange={(e) => set("unit", e.target.value)} list={unitListId} autoComplete="off" maxLength={20} />
                <datalist id={unitListId}>
                  {UNITS.map((u) => (
                    <option key={u} value={u} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>

        <div className="form-row">
          <Field label="Amount per container" error={errors.amountPerContainer} optional hint={values.unit ? `In ${values.unit}, when full` : "How much one full container holds"}>
            {(p) => <Input {...p} value={values.amountPerContainer} onChange={(e) => set("amountPerContainer", e.target.value)} inputMode="decimal" />}
          </Field>
          <Field label="Storage location" error={errors.storageLocation}>
            {(p) => <Select {...p} value={values.storageLocation} onChange={(e) => set("storageLocation", e.target.value)} options={STORAGE_OPTIONS} />}
          </Field>
        </div>

        <Checkbox label="Opened" description="Opened food keeps for less time." checked={values.isOpened} onChange={(e) => set("isOpened", e.target.checked)} />

        {showsAmountLeft(values) && (
          <Field label="Left in the open container" error={errors.amountLeft} hint={`Out of ${values.amountPerContainer}${values.unit ? ` ${values.unit}` : ""}`}>
            {(p) => <Input {...p} value={values.amountLeft} onChange={(e) => set("amountLeft", e.target.value)} inputMode="decimal" placeholder={values.amountPerContainer} />}
          </Field>
        )}

        {reestimates && !dateChanged && (
          <p className="alert alert--info pantry-form__note" role="status">
            The expiry date will be re-estimated for {moveText} when you save.
          </p>
        )}

        <div className="form-row">
          <Field
            label="Expiration date"
            error={errors.expirationDate}
            optional
            hint={
              values.noAutoExpiry
                ? "Saved without an expiration date."
                : editing
                  ? "Clear it to keep the item without a date."
                  : "Leave empty to estimate it from USDA FoodKeeper shelf-life data."
            }
          >
            {(p) => (
              <Input {...p} type="date" value={values.noAutoExpiry ? "" : values.expirationDate} disabled={values.noAutoExpiry} onChange={(e) => set("expirationDate", e.target.value)} />
            )}
          </Field>
          <Field label="Price" error={errors.price} optional hint="What you paid, for waste insights">
            {(p) => <Input {...p} value={values.price} onChange={(e) => set("price", e.target.value)} inputMode="decimal" placeholder="0.00" />}
          </Field>
        </div>

        {!editing && (
          <Checkbox
            label="Don't auto-generate expiration date"
            description="Keep the item without a date instead of estimating one."
            checked={values.noAutoExpiry}
            onChange={(e) => set("noAutoExpiry", e.target.checked)}
          />
        )}
      </form>
    </Dialog>
  );
}
