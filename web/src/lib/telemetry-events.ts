/**
 * Hook points for client telemetry events. Telemetry itself is a later feature: for now
 * these only warn on the console, and the telemetry client replaces their bodies.
 */
export function reportArticleLoadError(message: string, properties: Record<string, string> = {}): void {
  console.warn('ArticleLoadError', message, properties);
}
