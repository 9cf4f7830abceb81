// Reading `npm run import` files: a JSON array or NDJSON (one JSON value per line),
// each record with the line it starts on, so that a malformed one can be reported by line.
import fs from 'node:fs';
import readline from 'node:readline';

export type FileFormat = 'json-array' | 'ndjson';

export type RawRecord =
  { line: number; index: number; value: unknown } | { line: number; index: number; parseError: string };

/** The first non-whitespace character decides: '[' is a JSON array, anything else NDJSON. */
export async function detectFormat(file: string): Promise<FileFormat> {
  const stream = fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const m = /[^\s\uFEFF]/.exec(chunk);
      if (m) return m[0] === '[' ? 'json-array' : 'ndjson';
    }
    return 'ndjson';
  } finally {
    stream.destroy();
  }
}

/**
 * Line (1-based) on which each top-level element of a JSON array text starts.
 * Call only on text that JSON.parse accepted.
 */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectValue = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10) line++;
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character (never a newline in valid JSON)
      else if (ch === 34) inString = false;
      continue;
    }
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 0xfeff) continue;
    if (depth === 1 && expectValue && ch !== 93) {
      lines.push(line);
      expectValue = false;
    }
    if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      depth++;
      if (depth === 1) expectValue = true;
    } else if (ch === 93 || ch === 125) depth--;
    else if (ch === 44 && depth === 1) expectValue = true;
  }
  return lines;
}

/** The element count and records of a JSON array file (read whole: arrays cannot be streamed by line). */
export async function readJsonArray(file: string): Promise<{ total: number; records: RawRecord[] }> {
  const text = await fs.promises.readFile(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportFileError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new ImportFileError(`${file} starts with '[' but is not a JSON array`);
  const lines = arrayElementLines(text);
  return {
    total: parsed.length,
    records: parsed.map((value, index) => ({ line: lines[index] ?? 0, index, value })),
  };
}

/** NDJSON records, streamed line by line; blank lines are skipped. `onBytes` reports progress. */
export async function* readNdjson(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<RawRecord> {
  const stream = fs.createReadStream(file, { encoding: 'utf8' });
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  let index = 0;
  try {
    for await (const raw of lines) {
      line++;
      onBytes?.(Buffer.byteLength(raw, 'utf8') + 1);
      const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      try {
        yield { line, index, value: JSON.parse(text) };
      } catch (err) {
        yield { line, index, parseError: `not valid JSON (${(err as Error).message})` };
      }
      index++;
    }
  } finally {
    lines.close();
    stream.destroy();
  }
}

/** A problem with the file as a whole (exit code 1). */
export class ImportFileError extends Error {}
