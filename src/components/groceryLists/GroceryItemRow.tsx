import { Badge, Button, Spinner } from "../ui";
import { CheckIcon } from "../icons";
import { TrashIcon } from "../recipes/recipeIcons";
import { CloudOffIcon } from "./groceryIcons";
import { formatAmount, itemText, type GroceryItem } from "./groceryFormat";

type GroceryItemRowProps = {
  item: GroceryItem;
  /** The state the user last chose (a queued change shows at once). */
  checked: boolean;
  /** "sending": the change is on its way (spinner); "queued": it waits for a connection. */
  pending: "sending" | "queued" | null;
  onToggle: (item: GroceryItem, checked: boolean) => void;
  onDelete: (item: GroceryItem) => void;
  deleting: boolean;
};

/**
 * One item: a large round check toggle (one-handed use), 'qty unit of name' (struck through when checked), its
 * category and the recipes it is for, what the pantry already covers, and delete.
 */
export function GroceryItemRow({ item, checked, pending, onToggle, onDelete, deleting }: GroceryItemRowProps) {
  const text = itemText(item);
  const fromPantry = item.fromPantry && item.fromPantry > 0 && !item.coveredByPantry ? formatAmount(item.fromPantry, item.unit) : null;
  return (
    <li className={`grocery-item${checked ? " grocery-item--checked" : ""}`}>
      <button
        type="button"
        role="checkbox"
        aria-checked={checked}
        aria-label={text}
        aria-busy={pending === "sending" || undefined}
        className="grocery-item__check"
        onClick={() => onToggle(item, !checked)}
      >
        <span className="grocery-item__circle" aria-hidden="true">
          {pending === "sending" ? <Spinner size="sm" /> : checked ? <CheckIcon size={20} /> : null}
        </span>
      </button>
      <div className="grocery-item__body">
        <span className="grocery-item__text">{text}</span>
        <span className="grocery-item__badges">
          {item.category && <Badge variant="outline">{item.category}</Badge>}
          {item.recipes.map((recipe) => (
            <Badge key={recipe.title} variant="info" title={`For ${recipe.title}`}>
              {recipe.title}
            </Badge>
          ))}
          {fromPantry && (
            <Badge variant="success" title="Counted from what your pantry already holds">
              {fromPantry}
              {item.unit && item.unit !== "each" ? ` ${item.unit}` : ""} in pantry
            </Badge>
          )}
          {item.inPantry && <Badge variant="success">In pantry</Badge>}
          {pending === "queued" && (
            <span className="grocery-item__queued">
              <CloudOffIcon size={14} /> Saved on this device
            </span>
          )}
        </span>
      </div>
      <Button variant="ghost" size="icon" className="grocery-item__delete" aria-label={`Remove ${item.name}`} onClick={() => onDelete(item)} loading={deleting}>
        {!deleting && <TrashIcon />}
      </Button>
    </li>
  );
}
