import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, AppProviders } from "./App";
import { installGlobalErrorHandlers } from "./lib/appErrors";
import { registerServiceWorker } from "./lib/serviceWorker";
import "./styles/index.css";

installGlobalErrorHandlers();
registerServiceWorker();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <App />
    </AppProviders>
  </StrictMode>,
);
