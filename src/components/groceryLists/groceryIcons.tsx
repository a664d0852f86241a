import type { ReactNode } from "react";
import { IconSvg, type IconProps } from "../icons";

/** Icons the grocery list screens need beyond the shared set, drawn in its frame; a little smaller (they sit in buttons and rows). */
function Svg({ size = 18, ...rest }: IconProps & { children: ReactNode }) {
  return <IconSvg size={size} {...rest} />;
}

export function ShareIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v14" />
    </Svg>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />
    </Svg>
  );
}

export function CloudOffIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M2 2l20 20M5.8 5.8A7 7 0 0 0 6 19h11M21.2 15.7A4.5 4.5 0 0 0 17.5 9h-1.3A7 7 0 0 0 9.3 4.2" />
    </Svg>
  );
}

export function BagIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0" />
    </Svg>
  );
}
