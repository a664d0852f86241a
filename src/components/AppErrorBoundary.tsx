import { Component, type ErrorInfo, type ReactNode } from "react";
import { ApplicationError } from "../pages/ApplicationError";

type Props = { children: ReactNode; /** A change of this value clears a shown error (signed-in status). */ resetKey: unknown };
type State = { error: unknown; resetKey: unknown };

/** Catches render errors outside any route's own error screen and shows the Application Error page. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Application render failed", error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ApplicationError />;
    return this.props.children;
  }
}
