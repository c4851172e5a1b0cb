/**
 * Every prompt template and AI job feature, registered by import: the playground's routes and the ai-generation
 * queue's consumer import this one module, so a feature added here is in both. Generation features add their
 * module's import below.
 */
import './builtin-prompts';
// The connected accounts' content pillars (its job runner needs the table: registered in functions/http/wiring/connection-pillars.ts).
import '../connections/pillars';
