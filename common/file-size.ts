const MB = 1024 * 1024;

/**
 * A size limit as people write it: whole megabytes without decimals ('15 MB'), otherwise one decimal
 * ('2.5 MB'), below 1 MB in kilobytes ('500 KB'). Rounded down, so a file of the size shown is never
 * refused (15.75 MB is '15.7 MB').
 */
export function formatMegabytes(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.floor(bytes / 1024))} KB`;
  const tenths = Math.floor((bytes / MB) * 10);
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)} MB`;
}
