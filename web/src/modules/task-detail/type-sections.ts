import { FIELDS_BY_TYPE, type TaskType, type TypeField } from '#shared/schemas/task';

/**
 * The type-specific fields of a task (FIELDS_BY_TYPE) grouped into readable sections, in reading order: what the
 * post is, its hook, its script, its caption, its dates and links, the references. A section shows only the
 * fields the task's type has; a section with none is left out.
 */
export const SECTION_FIELDS = {
  post: ['post_platform', 'platform', 'post_format', 'post_audience', 'brand_voice', 'keyword_phrase', 'difficulty'],
  hook: ['hook', 'hook_variations'],
  script: ['script', 'inspiration_scene'],
  caption: ['caption'],
  dates: ['film_date', 'posted_date', 'live_link', 'drive_raw_link', 'drive_final_link'],
  overview: ['overview'],
  estimate: ['estimate', 'difficulty'],
  reminder: ['reminder'],
  callNotes: ['call_notes'],
  references: ['reference_content', 'reference_images'],
} as const satisfies Record<string, readonly TypeField[]>;

export type SectionId = keyof typeof SECTION_FIELDS;
export type TypeSection = { id: SectionId; fields: TypeField[] };

/** Section order per type: the first sections say what matters most for that kind of task. */
const ORDER: Readonly<Record<TaskType, readonly SectionId[]>> = {
  post: ['post', 'hook', 'script', 'caption', 'dates', 'references'],
  task: ['overview', 'estimate', 'references'],
  estimate: ['estimate', 'overview'],
  reminder: ['reminder', 'overview'],
  call_notes: ['callNotes', 'overview'],
};

export const sectionsFor = (type: TaskType): TypeSection[] => {
  const fields = new Set<TypeField>(FIELDS_BY_TYPE[type]);
  const placed = new Set<TypeField>();
  const sections: TypeSection[] = [];
  for (const id of ORDER[type]) {
    const inSection = (SECTION_FIELDS[id] as readonly TypeField[]).filter((field) => fields.has(field) && !placed.has(field));
    inSection.forEach((field) => placed.add(field));
    if (inSection.length > 0) sections.push({ id, fields: inSection });
  }
  return sections;
};
