import { createContext, useContext, useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

type TabsContextValue = { value: string; select: (value: string) => void; baseId: string };
const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error("Tabs parts must be used inside <Tabs>");
  return context;
}

const idSafe = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_");

type TabsProps = {
  /** Controlled selected tab. */
  value?: string;
  /** Initially selected tab when uncontrolled. */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
};

/**
 * Accessible tabs (WAI-ARIA pattern with automatic activation): <Tabs defaultValue="a"><TabsList aria-label="...">
 * <TabsTrigger value="a">A</TabsTrigger></TabsList><TabsContent value="a">...</TabsContent></Tabs>.
 * Arrow keys, Home and End move between tabs (roving tabindex).
 */
export function Tabs({ value, defaultValue = "", onValueChange, className, children }: TabsProps) {
  const [internal, setInternal] = useState(defaultValue);
  const baseId = useId();
  const current = value ?? internal;
  const select = (next: string) => {
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, baseId }}>
      <div className={cn("tabs", className)}>{children}</div>
    </TabsContext.Provider>
  );
}

/** The row of tabs; needs an aria-label (or aria-labelledby). */
export function TabsList({ className, children, ...aria }: { className?: string; children: ReactNode; "aria-label"?: string; "aria-labelledby"?: string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])'));
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    let next: number | null = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    tabs[next]?.focus();
    tabs[next]?.click();
  };
  return (
    <div role="tablist" className={cn("tabs__list", className)} onKeyDown={onKeyDown} {...aria}>
      {children}
    </div>
  );
}

/** One tab; only the selected tab is in the Tab order. */
export function TabsTrigger({ value, disabled, className, children }: { value: string; disabled?: boolean; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={`${tabs.baseId}-tab-${idSafe(value)}`}
      aria-selected={selected}
      aria-controls={`${tabs.baseId}-panel-${idSafe(value)}`}
      tabIndex={selected ? 0 : -1}
      disabled={disabled}
      className={cn("tabs__trigger", className)}
      onClick={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

/** The panel of one tab; rendered only while its tab is selected. */
export function TabsContent({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={`${tabs.baseId}-panel-${idSafe(value)}`}
      aria-labelledby={`${tabs.baseId}-tab-${idSafe(value)}`}
      tabIndex={0}
      className={cn("tabs__content", className)}
    >
      {children}
    </div>
  );
}
