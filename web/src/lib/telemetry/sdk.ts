import { ApplicationInsights, SeverityLevel } from '@microsoft/applicationinsights-web';
import { TELEMETRY } from './constants';
import { createPerViewLimit } from './per-view-limit';
import type { SdkConfig } from './sdk-config';
import type { TelemetrySink } from './telemetry-client';

/**
 * Loaded with a dynamic import only once the configuration says telemetry is on (its own chunk,
 * about 80 KB gzipped, never on the critical path): starts the Application Insights SDK and adapts
 * it to the page's TelemetrySink.
 */
export function createSdkSink(config: SdkConfig): TelemetrySink {
  const sdk = new ApplicationInsights({ config });
  sdk.loadAppInsights();
  sdk.addTelemetryInitializer(createPerViewLimit(TELEMETRY.maxAjaxCallsPerView));
  return {
    trackPageView: (item) => sdk.trackPageView({ name: item.name, uri: item.uri, refUri: item.refUri }),
    trackEvent: (name, properties) => sdk.trackEvent({ name }, properties),
    trackDependency: (item) =>
      sdk.trackDependencyData({
        id: item.id,
        // name is reported as name and data; the URL's host becomes the target
        name: item.name,
        target: item.url,
        type: item.type,
        responseCode: item.responseCode,
        duration: item.duration,
        success: item.success,
        startTime: item.startTime,
        properties: { url: item.url },
      }),
    trackException: (error, properties) =>
      sdk.trackException({ exception: error, severityLevel: SeverityLevel.Error, properties }),
  };
}
