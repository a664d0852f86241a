import type { ReactNode } from "react";
import { IconSvg, type IconProps } from "../icons";

/** Icons the recipe screens need beyond the shared set, drawn in its frame; a little smaller (they sit in buttons and rows). */
function Svg({ size = 18, ...rest }: IconProps & { children: ReactNode }) {
  return <IconSvg size={size} {...rest} />;
}

export function BookmarkIcon({ filled = false, ...rest }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...rest}>
      <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" fill={filled ? "currentColor" : "none"} />
    </Svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" />
    </Svg>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
    </Svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M5 12h14" />
    </Svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Svg>
  );
}

export function FilterIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" />
    </Svg>
  );
}

export function ThumbUpIcon({ filled = false, ...rest }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...rest}>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z" fill={filled ? "currentColor" : "none"} />
      <path d="M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" fill={filled ? "currentColor" : "none"} />
    </Svg>
  );
}

export function ThumbDownIcon({ filled = false, ...rest }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...rest} style={{ transform: "rotate(180deg)" }}>
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z" fill={filled ? "currentColor" : "none"} />
      <path d="M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" fill={filled ? "currentColor" : "none"} />
    </Svg>
  );
}

export function StarShapeIcon({ filled = false, ...rest }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...rest}>
      <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" fill={filled ? "currentColor" : "none"} />
    </Svg>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6" />
    </Svg>
  );
}

export function LinkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </Svg>
  );
}
