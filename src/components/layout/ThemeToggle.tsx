import { useTheme, type ThemePreference } from "../../lib/theme";
import { MonitorIcon, MoonIcon, SunIcon } from "../icons";
import { Tooltip } from "../ui/Tooltip";

const NEXT: Record<ThemePreference, ThemePreference> = { light: "dark", dark: "system", system: "light" };
const LABEL: Record<ThemePreference, string> = { light: "Light", dark: "Dark", system: "System" };

/** Cycles light → dark → system; the label says the current theme and the next one. showLabel adds visible text. */
export function ThemeToggle({ className, anchorClassName, showLabel = false }: { className?: string; anchorClassName?: string; showLabel?: boolean }) {
  const { theme, setTheme } = useTheme();
  const Icon = theme === "dark" ? MoonIcon : theme === "system" ? MonitorIcon : SunIcon;
  const label = `Theme: ${LABEL[theme]}. Switch to ${LABEL[NEXT[theme]].toLowerCase()}`;
  return (
    <Tooltip content={`Theme: ${LABEL[theme]}`} className={anchorClassName}>
      <button type="button" className={className ?? "icon-button"} aria-label={label} onClick={() => setTheme(NEXT[theme])}>
        <Icon size={20} />
        {showLabel && <span aria-hidden="true">Theme: {LABEL[theme]}</span>}
      </button>
    </Tooltip>
  );
}
