// Vite's import.meta.glob, used by test helpers to bundle fixtures into the workerd test runner.
interface ImportMeta {
  glob<T = unknown>(pattern: string, options: { eager: true; import: "default" }): Record<string, T>;
}
