/**
 * Call transcripts read in the browser: a .vtt or .srt file becomes plain text (one line per cue, the speaker kept
 * as "Name: …"), without the WEBVTT header, NOTE/STYLE/REGION blocks, cue numbers and timings; a .txt is kept as is.
 */
export type TranscriptFormat = 'vtt' | 'srt' | 'txt';

/** Files the picker takes. */
export const TRANSCRIPT_ACCEPT = '.txt,.vtt,.srt,text/plain,text/vtt';
/** A transcript larger than this is not read (the notes field holds far less anyway). */
export const MAX_TRANSCRIPT_BYTES = 2 * 1024 * 1024;

const TIMING = /^(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}\s+-->\s+(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}/u;

/** The format a file is in: by its name, else by its first line. */
export const transcriptFormat = (filename: string, text: string): TranscriptFormat => {
  const extension = /\.([a-z]+)$/iu.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'vtt' || extension === 'srt') return extension;
  const body = text.replace(/^\uFEFF/u, '');
  if (/^WEBVTT\b/u.test(body)) return 'vtt';
  if (/^\d+\s*\r?\n(?:\d+:)?\d{1,2}:\d{2},\d{3}\s+-->/u.test(body)) return 'srt';
  return 'txt';
};

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&quot;': '"', '&#39;': "'", '&lrm;': '', '&rlm;': '' };

/** A cue's text: a voice tag becomes "Name: ", other tags go, entities are decoded. */
const cueText = (lines: readonly string[]): string => {
  const joined = lines.join(' ');
  const voice = /<v(?:\.[^\s>]+)?\s+([^>]+)>/u.exec(joined)?.[1]?.trim();
  const text = joined
    .replace(/<[^>]*>/gu, '')
    .replace(/&(?:amp|lt|gt|nbsp|quot|#39|lrm|rlm);/gu, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/gu, ' ')
    .trim();
  return voice && text ? `${voice}: ${text}` : text;
};

/** The cues of a .vtt or .srt, as their text; consecutive repeats (rolling captions) are kept once. */
const cues = (body: string, format: 'vtt' | 'srt'): string[] => {
  const blocks = body.split(/\n[ \t]*\n/u);
  const out: string[] = [];
  blocks.forEach((block, index) => {
    const lines = block.split('\n').map((line) => line.trimEnd());
    if (format === 'vtt') {
      if (index === 0 && /^WEBVTT\b/u.test(lines[0] ?? '')) return;
      if (/^(?:NOTE|STYLE|REGION)\b/u.test(lines[0] ?? '')) return;
    }
    const timing = lines.findIndex((line) => TIMING.test(line.trim()));
    // No timing line: a block of a malformed file; its text is kept rather than lost.
    const text = cueText((timing === -1 ? lines.filter((line) => !/^\d+$/u.test(line.trim())) : lines.slice(timing + 1)).filter((line) => line.trim()));
    if (text && out[out.length - 1] !== text) out.push(text);
  });
  return out;
};

/** Plain text of a transcript file. */
export const transcriptToText = (filename: string, raw: string): string => {
  const body = raw.replace(/^\uFEFF/u, '').replace(/\r\n?/gu, '\n');
  const format = transcriptFormat(filename, body);
  if (format === 'txt') return body.trim();
  return cues(body, format).join('\n');
};
