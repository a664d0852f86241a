/**
 * Current Workers AI models (llama-3.1-8b-instruct was retired in 2026). The text model answers with a JSON
 * schema response format; the vision model reads receipt photos.
 */
export const TEXT_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
export const VISION_MODEL = "@cf/meta/llama-4-scout-17b-16e-instruct";
