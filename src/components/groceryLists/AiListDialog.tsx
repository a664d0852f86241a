import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { errorMessage } from "../../lib/api";
import { Badge, Button, Checkbox, Dialog, Textarea, toast } from "../ui";
import { SparklesIcon } from "../icons";
import { SendIcon } from "./groceryIcons";
import { GROCERY_AI_CHIPS, GROCERY_AI_GREETING, GROCERY_LIMITS, GROCERY_MESSAGES } from "../../../worker/schemas/groceryLists";

/** After a list is made the dialog stays this long, then opens the new list. */
export const AI_DIALOG_CLOSE_DELAY_MS = 2000;

type Message = { id: number; role: "assistant" | "user"; content: string };

let nextId = 1;

/**
 * Generate with AI: a chat. The assistant greets; Enter sends (Shift+Enter makes a new line); 'Thinking...' shows
 * while waiting (input and send disabled); the quick chips fill the input. The side panel 'Your Recipes' lists
 * saved recipes to include, with 'Selected: n recipe(s)' and Clear Selection. On success the assistant answers, a
 * toast names the list, and after 2 seconds the dialog closes on the new list; on failure it apologises.
 */
export function AiListDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ids = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const prompts = trpc.groceryLists.aiPrompts.useQuery(undefined, { enabled: open, staleTime: Infinity });
  const recipes = trpc.groceryLists.recipeChoices.useQuery(undefined, { enabled: open });
  const generate = trpc.groceryLists.generateWithAi.useMutation();
  const [messages, setMessages] = useState<Message[]>([]);
  const [input, setInput] = useState("");
  const [selected, setSelected] = useState<number[]>([]);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const thinking = generate.isPending;

  const greeting = prompts.data?.greeting ?? GROCERY_AI_GREETING;
  const chips = prompts.data?.prompts ?? [...GROCERY_AI_CHIPS];

  useEffect(() => {
    if (!open) return;
    setMessages([{ id: nextId++, role: "assistant", content: greeting }]);
    setInput("");
    setSelected([]);
    // The greeting is set once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => endRef.current?.scrollIntoView?.({ block: "end" }), [messages, thinking]);

  async function send() {
    const prompt = input.trim();
    // Empty or whitespace-only text is not sent.
    if (!prompt || thinking) return;
    setMessages((m) => [...m, { id: nextId++, role: "user", content: prompt }]);
    setInput("");
    try {
      const result = await generate.mutateAsync({ prompt, recipeIds: selected });
      setMessages((m) => [...m, { id: nextId++, role: "assistant", content: result.message || `I made "${result.list.name}" with ${result.itemsAdded} items.` }]);
      toast({ title: "Grocery List Generated", description: `${result.list.name} with ${result.itemsAdded} ${result.itemsAdded === 1 ? "item" : "items"}` });
      void utils.groceryLists.list.invalidate();
      closeTimer.current = window.setTimeout(() => {
        onClose();
        void navigate({ to: "/grocery-lists/$id", params: { id: String(result.list.id) } });
      }, AI_DIALOG_CLOSE_DELAY_MS);
    } catch (error) {
      setMessages((m) => [...m, { id: nextId++, role: "assistant", content: GROCERY_MESSAGES.aiApology }]);
      toast({ title: errorMessage(error, GROCERY_MESSAGES.generateFailed), variant: "destructive" });
    } finally {
      inputRef.current?.focus();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  function toggleRecipe(id: number, on: boolean) {
    setSelected((current) => (on ? [...current, id] : current.filter((r) => r !== id)));
  }

  const choices = recipes.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || thinking) return;
        window.clearTimeout(closeTimer.current);
        onClose();
      }}
      title={
        <>
          <SparklesIcon size={18} /> Generate a list with AI
        </>
      }
      size="xl"
      initialFocus={inputRef}
      className="ai-list-dialog"
    >
      <div className="ai-list">
        <section className="ai-list__chat" aria-label="Conversation">
          <ol className="ai-list__messages" aria-live="polite">
            {messages.map((message) => (
              <li key={message.id} className={`ai-list__message ai-list__message--${message.role}`}>
                <span className="sr-only">{message.role === "assistant" ? "Assistant:" : "You:"}</span>
                {message.content}
              </li>
            ))}
            {thinking && <li className="ai-list__message ai-list__message--assistant ai-list__message--thinking">Thinking...</li>}
          </ol>
          <div ref={endRef} />
          <div className="ai-list__chips" role="group" aria-label="Quick ideas">
            {chips.map((chip) => (
              <Button key={chip} variant="outline" size="sm" onClick={() => setInput(chip)} disabled={thinking}>
                {chip}
              </Button>
            ))}
          </div>
          <form className="ai-list__form" onSubmit={onSubmit}>
            <label htmlFor={`${ids}-prompt`} className="sr-only">
              What are you shopping for?
            </label>
            <Textarea
              id={`${ids}-prompt`}
              ref={inputRef}
              rows={2}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="e.g. Dinners for two this week, no fish"
              maxLength={GROCERY_LIMITS.promptMax}
              disabled={thinking}
            />
            <Button type="submit" size="icon" aria-label="Send" disabled={thinking || input.trim() === ""}>
              <SendIcon />
            </Button>
          </form>
        </section>
        <aside className="ai-list__recipes" aria-labelledby={`${ids}-recipes`}>
          <div className="ai-list__recipes-head">
            <h3 id={`${ids}-recipes`}>Your Recipes</h3>
            <Badge variant="secondary">Selected: {selected.length} recipe(s)</Badge>
          </div>
          {recipes.isLoading ? (
            <p className="muted">Loading your recipes…</p>
          ) : choices.length === 0 ? (
            <p className="muted">No saved recipes found</p>
          ) : (
            <ul className="ai-list__recipe-list">
              {choices.map((recipe) => (
                <li key={recipe.id}>
                  <Checkbox label={recipe.title} checked={selected.includes(recipe.id)} onChange={(e) => toggleRecipe(recipe.id, e.target.checked)} disabled={thinking} />
                </li>
              ))}
            </ul>
          )}
          <Button variant="ghost" size="sm" onClick={() => setSelected([])} disabled={selected.length === 0 || thinking}>
            Clear Selection
          </Button>
        </aside>
      </div>
    </Dialog>
  );
}
