/**
 * A telemetry initializer that keeps at most `max` dependency items per page view
 * (20 ajax calls per view). The SDK's own maxAjaxCallsPerView only limits its automatic fetch/XHR
 * tracking, which is off here (sdk-config.ts), so explicit dependencies are limited by this one.
 * Returning false drops the item; a page view starts a new count.
 */
export function createPerViewLimit(max: number): (item: { baseType?: string }) => boolean {
  let count = 0;
  return (item) => {
    if (item.baseType === 'PageviewData') {
      count = 0;
      return true;
    }
    if (item.baseType !== 'RemoteDependencyData') return true;
    count += 1;
    return count <= max;
  };
}
