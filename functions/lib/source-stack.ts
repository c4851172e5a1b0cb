import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces in source terms, read from the bundle's source map only when an error is logged. A Lambda bundle
 * is one minified file, so its frames say `index.mjs:1:48213`. Node's `--enable-source-maps` would fix that by
 * reading and parsing the map (1–2.5 MB) at every cold start: the task list's import went from 58 to 66 ms with
 * it, an AI route's from 98 to 114 ms, for the few invocations that log an error. Only frames of the bundle this
 * code runs in are mapped; unbundled (TypeScript through tsx locally) there is no such frame and a stack stays.
 */
const bundle = fileURLToPath(import.meta.url);
let map: SourceMap | null | undefined;

const bundleMap = (): SourceMap | null => {
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      // Built without a map: the frames stay as they are.
      map = null;
    }
  }
  return map;
};

/** A frame's location: `file:line:column`, alone or in parentheses after the function's name. */
const FRAME_LOCATION = /(\(|at )((?:file:\/\/)?\/[^\s()]+):(\d+):(\d+)(\)?)$/;

const pathOf = (file: string) => (file.startsWith('file:') ? fileURLToPath(file) : file);

/** The stack with each of the bundle's frames naming its source file, line and column. */
export const sourceStack = (stack: string): string =>
  stack
    .split('\n')
    .map((line) => {
      const match = FRAME_LOCATION.exec(line);
      if (!match || pathOf(match[2]!) !== bundle) return line;
      const [whole, open, , lineNo, column, close] = match;
      // SourceMap lines and columns count from 0; stack traces count both from 1.
      const entry = bundleMap()?.findEntry(Number(lineNo) - 1, Number(column) - 1);
      if (!entry || !('originalSource' in entry) || !entry.originalSource) return line;
      const source = entry.originalSource.replace(/^(?:\.\.\/)+/, '');
      return `${line.slice(0, line.length - whole.length)}${open}${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}${close}`;
    })
    .join('\n');
