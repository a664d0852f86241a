import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { errorMessage, errorStatus } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { usePageTitle } from "../../lib/usePageTitle";
import { Badge, Button, buttonClass, Card, CardContent, CardHeader, CardTitle, toast } from "../../components/ui";
import { UserAvatar } from "../../components/layout/UserAvatar";
import { AlertIcon, CheckIcon, ChefHatIcon, ClockIcon, LightbulbIcon, SparklesIcon, UsersIcon, ArrowRightIcon } from "../../components/icons";
import { TRPCClientError } from "@trpc/client";
import { QUICK_PROMPTS } from "../../../worker/domain/companionIntents";
import { chatMessageProblem, COMPANION_MESSAGES, COMPANION_SESSION_KEY, newSessionId } from "../../../worker/schemas/companion";
import { LIMITS } from "../../../worker/domain/constants";
import { ChatMarkdown } from "./ChatMarkdown";
import { markNotSent, placeLiveMessages, turnsToMessages, withoutSent, type ChatAction, type ChatMessage } from "./chatThread";
import "../../styles/companion.css";

const PROMPT_ICONS = [ChefHatIcon, ClockIcon, UsersIcon, LightbulbIcon];

/** Starter questions for a fresh chat; Clear Chat shows a different set each time. */
const STARTERS = [
  ["What can I make with what I have?", "What's expiring soon?", "What can I use instead of buttermilk?", "What's the safe internal temperature for chicken?"],
  ["Suggest a quick meal I can make in 30 minutes", "How long does milk last in the fridge?", "How many grams in a cup of flour?", "Give me some cooking tips"],
  ["Ideas for party food for 8 guests", "What can I use instead of eggs?", "Can I freeze bread?", "What's on my meal plan?"],
];

function welcome(round: number): ChatMessage {
  return {
    id: `welcome-${round}`,
    role: "assistant",
    content:
      "Hi! I'm your **Chef Companion**. I know what's in your pantry, what expires soon, your recipes and your food preferences. Ask me what to cook, for a substitute, how long something keeps or a safe cooking temperature.",
    timestamp: new Date().toISOString(),
    suggestions: STARTERS[round % STARTERS.length],
  };
}

function readSessionId(): string {
  try {
    const stored = localStorage.getItem(COMPANION_SESSION_KEY);
    if (stored) return stored;
    const created = newSessionId();
    localStorage.setItem(COMPANION_SESSION_KEY, created);
    return created;
  } catch {
    return newSessionId();
  }
}

function isPremiumRefusal(error: unknown): boolean {
  if (errorStatus(error) === 403) return true;
  if (error instanceof TRPCClientError) {
    const data = error.data as { code?: string } | undefined;
    return data?.code === "FORBIDDEN" || /PREMIUM_REQUIRED/.test(error.message);
  }
  return false;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

/** /cooking-companion: the AI chef chat. */
export function CookingCompanionPage() {
  usePageTitle("Chef Companion");
  const { user, isPremium } = useAuth();
  const utils = trpc.useUtils();
  const [sessionId, setSessionId] = useState(readSessionId);
  const [round, setRound] = useState(0);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState("");
  const [inputError, setInputError] = useState<string | null>(null);
  const history = trpc.companion.history.useQuery({ sessionId }, { staleTime: 0, refetchOnWindowFocus: false, retry: false });
  const listRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Numbers each message sent from this page, so two sent within the same millisecond keep apart.
  const sent = useRef(0);
  const inputId = useId();
  const errorId = useId();

  const stored = history.data ? turnsToMessages(history.data) : [];
  const messages = stored.length === 0 && live.length === 0 ? (history.isPending ? [] : [welcome(round)]) : placeLiveMessages(stored, live);

  // The view follows the conversation.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, typing, live]);

  // The textarea grows with its text, from 44 to 128 px.
  useLayoutEffect(() => {
    const area = textareaRef.current;
    if (!area) return;
    area.style.height = "44px";
    area.style.height = `${Math.min(Math.max(area.scrollHeight, 44), 128)}px`;
  }, [text]);

  const send = useCallback(
    async (raw: string, fromInput: boolean) => {
      const problem = chatMessageProblem(raw);
      if (problem) {
        setInputError(problem);
        return;
      }
      const message = raw.trim();
      setInputError(null);
      if (fromInput) setText("");
      const stamp = new Date().toISOString();
      sent.current += 1;
      const saved = utils.companion.history.getData({ sessionId });
      const userMessage: ChatMessage = {
        id: `live-user-${sent.current}`,
        role: "user",
        content: message,
        timestamp: stamp,
        after: saved ? turnsToMessages(saved).length : Infinity,
      };
      const answerId = `live-assistant-${sent.current}`;
      setLive((current) => [...current, userMessage]);
      setPending(true);
      setTyping(true);
      try {
        const events = await utils.client.companion.chatStream.mutate({ message, sessionId });
        for await (const event of events) {
          if (event.type === "delta") {
            setTyping(false);
            setLive((current) => {
              const existing = current.find((m) => m.id === answerId);
              if (existing) return current.map((m) => (m.id === answerId ? { ...m, content: m.content + event.text } : m));
              return [...current, { id: answerId, role: "assistant", content: event.text, timestamp: new Date().toISOString(), streaming: true, after: userMessage.after }];
            });
          } else {
            const turn = event.turn;
            await utils.companion.history.cancel({ sessionId });
            utils.companion.history.setData({ sessionId }, (current) => [...(current ?? []), turn]);
            setLive((current) => withoutSent(current, userMessage.id, answerId));
          }
        }
      } catch (error) {
        // The question stays in the conversation, marked, with Retry on it; the input is left alone so the text is
        // not there twice.
        setLive((current) => markNotSent(current, userMessage.id, answerId));
        if (isPremiumRefusal(error)) {
          toast({ title: COMPANION_MESSAGES.premiumTitle, description: COMPANION_MESSAGES.premium, variant: "destructive" });
        } else if (errorStatus(error) === 429 || errorStatus(error) === 400) {
          toast({ title: COMPANION_MESSAGES.errorTitle, description: errorMessage(error, COMPANION_MESSAGES.error), variant: "destructive" });
        } else {
          toast({ title: COMPANION_MESSAGES.errorTitle, description: COMPANION_MESSAGES.error, variant: "destructive" });
        }
      } finally {
        setTyping(false);
        setPending(false);
      }
    },
    [sessionId, utils],
  );

  const retry = (failed: ChatMessage) => {
    if (pending) return;
    // The failed bubble goes first: the new attempt adds the message again at the end of the conversation.
    setLive((current) => current.filter((m) => m.id !== failed.id));
    void send(failed.content, false);
  };

  const clearChat = () => {
    try {
      localStorage.removeItem(COMPANION_SESSION_KEY);
    } catch {
      // Storage disabled: the new id lives in memory only.
    }
    const next = readSessionId();
    setSessionId(next);
    setRound((r) => r + 1);
    setLive([]);
    setText("");
    setInputError(null);
    toast({ title: COMPANION_MESSAGES.clearedTitle, description: "Your new conversation starts now." });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && isPremium) void send(text, true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!pending && isPremium) void send(text, true);
    }
  };

  const tooLong = text.trim().length > LIMITS.chatMessageMax;
  const lastAssistant = [...messages].reverse().find((m) => m.role === "assistant" && !m.streaming);

  return (
    <div className="companion-page">
      <header className="page-header">
        <h1 className="page-title">Chef Companion</h1>
        <p className="page-subtitle muted">Cooking help that knows your kitchen.</p>
      </header>

      <div className="alert alert--warning companion-disclaimer" role="note">
        <AlertIcon size={18} />
        <p>
          AI advice can be inaccurate. Always check food safety and cooking times yourself, and use a food thermometer for meat, poultry and fish.
        </p>
      </div>

      <section aria-label="Quick prompts" className="quick-prompts">
        {QUICK_PROMPTS.map((prompt, index) => {
          const Icon = PROMPT_ICONS[index] ?? SparklesIcon;
          return (
            <button key={prompt.label} type="button" className="quick-prompt" onClick={() => void send(prompt.message, false)}>
              <Icon size={20} />
              <span className="quick-prompt__label">{prompt.label}</span>
            </button>
          );
        })}
      </section>

      <Card className="chat-panel">
        <CardHeader className="chat-panel__header">
          <CardTitle as="h2">Chat with Chef Companion</CardTitle>
          <div className="cluster">
            <Badge variant="premium">
              <SparklesIcon size={14} /> AI-Powered
            </Badge>
            <Button variant="outline" size="sm" onClick={clearChat}>
              Clear Chat
            </Button>
          </div>
        </CardHeader>
        <CardContent className="chat-panel__body">
          <div ref={listRef} className="chat-messages" role="log" aria-live="polite" aria-label="Conversation">
            {history.isPending && <p className="muted small chat-loading">Loading your conversation...</p>}
            {history.isError && errorStatus(history.error) !== 404 && <p className="muted small">Couldn't load this conversation. You can still send a message.</p>}
            {messages.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                user={user}
                sessionId={sessionId}
                onRetry={message.notSent && isPremium ? () => retry(message) : undefined}
                retryDisabled={pending}
              />
            ))}
            {typing && (
              <div className="chat-message chat-message--assistant" aria-label="Chef Companion is typing">
                <span className="chat-avatar chat-avatar--assistant" aria-hidden="true">
                  <ChefHatIcon size={18} />
                </span>
                <div className="chat-bubble typing-indicator">
                  <span />
                  <span />
                  <span />
                </div>
              </div>
            )}
            {!pending && lastAssistant?.suggestions && lastAssistant.suggestions.length > 0 && (
              <div className="chat-suggestions" aria-label="Suggestions">
                {lastAssistant.suggestions.map((suggestion) => (
                  <button key={suggestion} type="button" className="chat-suggestion" onClick={() => void send(suggestion, false)}>
                    {suggestion}
                  </button>
                ))}
              </div>
            )}
          </div>

          {!isPremium && (
            <p className="chat-premium-note" role="note">
              {COMPANION_MESSAGES.premium}
            </p>
          )}
          <form className="chat-input" onSubmit={onSubmit} noValidate>
            <label htmlFor={inputId} className="sr-only">
              Message Chef Companion
            </label>
            <textarea
              id={inputId}
              ref={textareaRef}
              className="textarea chat-input__textarea"
              placeholder="Ask about recipes, substitutions, storage..."
              value={text}
              rows={1}
              aria-invalid={inputError || tooLong ? true : undefined}
              aria-describedby={inputError || tooLong ? errorId : undefined}
              onChange={(e) => {
                setText(e.target.value);
                if (inputError) setInputError(null);
              }}
              onKeyDown={onKeyDown}
            />
            <Button type="submit" size="icon" aria-label="Send message" disabled={pending || !text.trim() || !isPremium || tooLong}>
              <ArrowRightIcon size={18} />
            </Button>
          </form>
          {(inputError || tooLong) && (
            <p id={errorId} className="field__error" role="alert">
              {tooLong ? COMPANION_MESSAGES.tooLong : inputError}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

type MessageRowProps = {
  message: ChatMessage;
  user: ReturnType<typeof useAuth>["user"];
  sessionId: string;
  /** Present on a message that was not sent and may be sent again (not for a free account, which would be refused). */
  onRetry?: () => void;
  retryDisabled?: boolean;
};

function MessageRow({ message, user, sessionId, onRetry, retryDisabled }: MessageRowProps) {
  const time = timeFormat.format(new Date(message.timestamp));
  const mine = message.role === "user";
  const textId = useId();
  return (
    <div className={`chat-message ${mine ? "chat-message--user" : "chat-message--assistant"}${message.notSent ? " chat-message--not-sent" : ""}`}>
      {mine ? (
        <UserAvatar user={user} size="sm" className="chat-avatar" />
      ) : (
        <span className="chat-avatar chat-avatar--assistant" aria-hidden="true">
          <ChefHatIcon size={18} />
        </span>
      )}
      <div className="chat-bubble-wrap">
        <p className="sr-only">{mine ? "You said" : "Chef Companion said"}</p>
        <div className="chat-bubble">
          {mine ? (
            <p id={textId} className="chat-text">
              {message.content}
            </p>
          ) : (
            <ChatMarkdown text={message.content} />
          )}
        </div>
        {message.actions && message.actions.length > 0 && <ActionList actions={message.actions} sessionId={sessionId} />}
        {message.notSent ? (
          // Added inside the conversation's polite live region, so screen readers hear it once, as it appears.
          <div className="chat-not-sent">
            <AlertIcon size={14} />
            <span className="chat-not-sent__note">Not sent</span>
            {onRetry && (
              <Button variant="link" size="sm" className="chat-not-sent__retry" disabled={retryDisabled} aria-describedby={textId} onClick={onRetry}>
                Retry<span className="sr-only"> sending this message</span>
              </Button>
            )}
          </div>
        ) : (
          <time className="chat-time" dateTime={message.timestamp}>
            {time}
          </time>
        )}
      </div>
    </div>
  );
}

const DONE_TEXT: Record<string, string> = { add_to_grocery_list: "Added to your grocery list", plan_meal: "Added to your meal plan" };

/** Links to recipes, and writes the answer proposed, each waiting for the cook's Confirm. */
function ActionList({ actions, sessionId }: { actions: ChatAction[]; sessionId: string }) {
  const utils = trpc.useUtils();
  const update = (next: ChatAction) =>
    utils.companion.history.setData({ sessionId }, (turns) => turns?.map((turn) => ({ ...turn, actions: turn.actions.map((a) => (a.id === next.id ? next : a)) })));
  const confirm = trpc.companion.confirmAction.useMutation({
    onSuccess: (next) => {
      update(next);
      toast({ title: DONE_TEXT[next.kind] ?? "Done" });
    },
    onError: (error) =>
      isPremiumRefusal(error)
        ? toast({ title: COMPANION_MESSAGES.premiumTitle, description: COMPANION_MESSAGES.premium, variant: "destructive" })
        : toast({ title: "Couldn't do that", description: errorMessage(error, "Please try again."), variant: "destructive" }),
  });
  const dismiss = trpc.companion.dismissAction.useMutation({ onSuccess: update });
  return (
    <ul role="list" className="chat-actions">
      {actions.map((action) => (
        <li key={action.id} className="chat-action">
          {action.kind === "open_recipe" && action.recipeId !== null ? (
            <Link to="/recipes/$id" params={{ id: String(action.recipeId) }} className={buttonClass({ variant: "outline", size: "sm" })}>
              {action.label}
            </Link>
          ) : action.status === "proposed" ? (
            <div className="chat-action__proposal">
              <span className="chat-action__label">{action.label}?</span>
              <Button size="sm" loading={confirm.isPending && confirm.variables?.actionId === action.id} onClick={() => confirm.mutate({ actionId: action.id })}>
                Confirm
              </Button>
              <Button size="sm" variant="ghost" disabled={dismiss.isPending} onClick={() => dismiss.mutate({ actionId: action.id })}>
                Dismiss
              </Button>
            </div>
          ) : (
            <span className="chat-action__label muted small">
              {action.status === "done" ? (
                <>
                  <CheckIcon size={14} /> {action.label}: done
                </>
              ) : (
                `${action.label}: dismissed`
              )}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
