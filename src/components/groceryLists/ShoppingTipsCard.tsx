import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui";
import { LightbulbIcon } from "../icons";
import { GROCERY_MESSAGES } from "../../../worker/schemas/groceryLists";

/**
 * Shopping Tips (premium): Generate Tips reads this list and the pantry (what is at home, what spoils for a small
 * household, what keeps, what to use first). Free users see the upgrade message.
 */
export function ShoppingTipsCard({ listId, isPremium }: { listId: number; isPremium: boolean }) {
  const tips = trpc.groceryLists.tips.useQuery({ listId }, { enabled: false, retry: false });
  return (
    <Card className="grocery-tips">
      <CardHeader>
        <CardTitle as="h2">
          <LightbulbIcon size={18} /> Shopping Tips <Badge variant="premium">Premium</Badge>
        </CardTitle>
        {!isPremium && <CardDescription>{GROCERY_MESSAGES.tipsPremium}</CardDescription>}
      </CardHeader>
      {isPremium && (
        <CardContent>
          {tips.error ? (
            <p className="field__error" role="alert">
              {errorMessage(tips.error, "Could not load tips. Please try again.")}
            </p>
          ) : tips.data ? (
            tips.data.tips.length === 0 ? (
              <p className="muted">No tips for this list yet: add some items first.</p>
            ) : (
              <ul className="grocery-tips__list" aria-live="polite">
                {tips.data.tips.map((tip) => (
                  <li key={tip.id}>
                    <strong>{tip.title}</strong>
                    <p>{tip.text}</p>
                  </li>
                ))}
              </ul>
            )
          ) : (
            <p className="muted">No tips yet. Generate tips from this list and your pantry.</p>
          )}
          <Button variant="outline" onClick={() => void tips.refetch()} loading={tips.isFetching}>
            {tips.data ? "Refresh Tips" : "Generate Tips"}
          </Button>
        </CardContent>
      )}
    </Card>
  );
}
