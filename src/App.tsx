import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { router } from "./router";
import { trpc, createTrpcClient } from "./lib/trpc";
import { queryClient } from "./lib/queryClient";
import { ThemeProvider } from "./lib/theme";
import { useAuth } from "./lib/auth";
import { clearAppError, useAppError } from "./lib/appErrors";
import { useVersionCheck } from "./lib/versionCheck";
import { Toaster } from "./components/ui/Toaster";
import { AppStatusBanners, useOnline } from "./components/AppStatusBanners";
import { OfflineScreen } from "./components/OfflineScreen";
import { FullScreenLoading } from "./components/FullScreenLoading";
import { AppErrorBoundary } from "./components/AppErrorBoundary";
import { ApplicationError } from "./pages/ApplicationError";

/** tRPC, react-query and theme for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>{children}</ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * Waits for the current-user call, then renders the router with the auth state as route context. An uncaught
 * error replaces everything with the Application Error page until the signed-in status changes.
 */
export function App() {
  const auth = useAuth();
  const appError = useAppError();
  useVersionCheck();

  // A change of signed-in status clears the application-error state: the old session's error is not the new one's.
  const previousSignedIn = useRef(auth.isAuthenticated);
  useEffect(() => {
    if (previousSignedIn.current === auth.isAuthenticated) return;
    previousSignedIn.current = auth.isAuthenticated;
    clearAppError();
  }, [auth.isAuthenticated]);

  // Guards (beforeLoad) read the auth context: re-run them when the user changes.
  const userId = auth.user?.id ?? null;
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current === userId) return;
    previousUserId.current = userId;
    void router.invalidate();
  }, [userId]);

  const online = useOnline();

  let content: ReactNode;
  if (appError) content = <ApplicationError />;
  else if (auth.isLoading) content = <FullScreenLoading />;
  // Offline with no answer about who is signed in: say so, rather than show the signed-out pages.
  else if (!online && !auth.user) content = <OfflineScreen />;
  else
    content = (
      <AppErrorBoundary resetKey={auth.isAuthenticated}>
        <RouterProvider router={router} context={{ auth }} />
      </AppErrorBoundary>
    );

  return (
    <>
      {content}
      <AppStatusBanners />
      <Toaster />
    </>
  );
}
