import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useCombobox } from "downshift";
import { trpc } from "../../lib/trpc";
import { Button, Card, CardContent, CardHeader, CardTitle, Input, Select, toast } from "../ui";
import { PlusIcon } from "../recipes/recipeIcons";
import { PANTRY_CATEGORIES, UNITS } from "../../../worker/domain/constants";
import { grocerySuggestions } from "../../../worker/domain/groceryAutocomplete";
import { addItemInput } from "../../../worker/schemas/groceryLists";

/** The suggestion list stays this long after the name field loses focus (a click on a suggestion still lands). */
export const SUGGESTIONS_CLOSE_DELAY_MS = 200;

const CATEGORY_OPTIONS = PANTRY_CATEGORIES.map((c) => ({ value: c, label: c }));

type Errors = Partial<Record<"name" | "quantity" | "unit" | "category", string>>;

/**
 * Add New Item: the name with autocomplete (an ARIA combobox from downshift: ArrowUp/ArrowDown move, Enter picks,
 * Escape closes; at most 8 suggestions from the built-in items and the user's history; after a pick focus moves to
 * Qty; the list closes 200 ms after the field loses focus), Qty, Unit, Category and 'Add Item'.
 */
export function AddItemForm({ listId }: { listId: number }) {
  const ids = useId();
  const utils = trpc.useUtils();
  const [name, setName] = useState("");
  const [quantity, setQuantity] = useState("");
  const [unit, setUnit] = useState("");
  const [category, setCategory] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const quantityRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);

  const typed = name.trim();
  const history = trpc.groceryLists.history.useQuery(undefined, { enabled: typed !== "", staleTime: 60_000 });
  const suggestions = useMemo(() => grocerySuggestions(typed, (history.data ?? []).map((h) => h.name)), [typed, history.data]);

  const add = trpc.groceryLists.addItem.useMutation({
    onSuccess: async () => {
      toast({ title: "Item added to list" });
      setName("");
      setQuantity("");
      setUnit("");
      setCategory("");
      setErrors({});
      nameRef.current?.focus();
      await Promise.all([utils.groceryLists.get.invalidate({ id: listId }), utils.groceryLists.list.invalidate(), utils.groceryLists.history.invalidate()]);
    },
    onError: () => toast({ title: "Failed to add item", description: "Please try again.", variant: "destructive" }),
  });

  const combobox = useCombobox<string>({
    items: suggestions,
    inputValue: name,
    // Controlled as "nothing chosen", so picking the same name again still fills the field.
    selectedItem: null,
    itemToString: (item) => item ?? "",
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) setName(inputValue ?? "");
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setName(selectedItem);
      setErrors((e) => ({ ...e, name: undefined }));
      // Next comes the amount.
      window.setTimeout(() => quantityRef.current?.focus(), 0);
    },
    stateReducer: (state, { type, changes }) => {
      switch (type) {
        // Leaving the field never picks a suggestion, and the list closes a moment later (onBlur below).
        case useCombobox.stateChangeTypes.InputBlur:
          return { ...changes, isOpen: state.isOpen, highlightedIndex: state.highlightedIndex, inputValue: state.inputValue, selectedItem: state.selectedItem };
        // Escape closes the list and keeps what was typed.
        case useCombobox.stateChangeTypes.InputKeyDownEscape:
          return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
        default:
          return changes;
      }
    },
  });

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const open = combobox.isOpen && suggestions.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = addItemInput.safeParse({ listId, name, quantity, unit, category });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "name") as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate({ listId, name: parsed.data.name, quantity: parsed.data.quantity, unit: parsed.data.unit, category: parsed.data.category });
  }

  const inputProps = combobox.getInputProps({
    ref: nameRef,
    onFocus: () => window.clearTimeout(closeTimer.current),
    onBlur: () => {
      window.clearTimeout(closeTimer.current);
      closeTimer.current = window.setTimeout(() => combobox.closeMenu(), SUGGESTIONS_CLOSE_DELAY_MS);
    },
    "aria-invalid": errors.name ? true : undefined,
    "aria-describedby": errors.name ? `${ids}-name-error` : undefined,
  });

  return (
    <Card className="grocery-add">
      <CardHeader>
        <CardTitle as="h2">Add New Item</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grocery-add__form" onSubmit={submit} noValidate>
          <div className="field grocery-add__name">
            <label className="label" {...combobox.getLabelProps()}>
              Item name
            </label>
            <div className="combobox">
              <Input {...inputProps} placeholder="e.g. Milk" maxLength={120} autoComplete="off" enterKeyHint="next" />
              <ul className={`combobox__menu${open ? " combobox__menu--open" : ""}`} {...combobox.getMenuProps()}>
                {open &&
                  suggestions.map((suggestion, index) => (
                    <li
                      key={suggestion}
                      className={`combobox__option${combobox.highlightedIndex === index ? " combobox__option--active" : ""}`}
                      {...combobox.getItemProps({ item: suggestion, index })}
                    >
                      {suggestion}
                    </li>
                  ))}
              </ul>
            </div>
            {errors.name && (
              <p id={`${ids}-name-error`} className="field__error">
                {errors.name}
              </p>
            )}
          </div>
          <div className="field grocery-add__qty">
            <label className="label" htmlFor={`${ids}-qty`}>
              Qty
            </label>
            <Input
              id={`${ids}-qty`}
              ref={quantityRef}
              type="number"
              inputMode="decimal"
              min={0.01}
              step="any"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={errors.quantity ? `${ids}-qty-error` : undefined}
            />
            {errors.quantity && (
              <p id={`${ids}-qty-error`} className="field__error">
                {errors.quantity}
              </p>
            )}
          </div>
          <div className="field grocery-add__unit">
            <label className="label" htmlFor={`${ids}-unit`}>
              Unit
            </label>
            <Input id={`${ids}-unit`} value={unit} onChange={(e) => setUnit(e.target.value)} list={`${ids}-units`} maxLength={20} placeholder="e.g. lb" />
            <datalist id={`${ids}-units`}>
              {UNITS.map((u) => (
                <option key={u} value={u} />
              ))}
            </datalist>
          </div>
          <div className="field grocery-add__category">
            <label className="label" htmlFor={`${ids}-category`}>
              Category<span className="label__optional"> (optional)</span>
            </label>
            <Select id={`${ids}-category`} value={category} onChange={(e) => setCategory(e.target.value)} options={CATEGORY_OPTIONS} placeholder="Choose for me" />
          </div>
          <Button type="submit" className="grocery-add__submit" loading={add.isPending}>
            {!add.isPending && <PlusIcon />}
            {add.isPending ? "Adding..." : "Add Item"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
