/**
 * Imported first by `npm start`: Powertools' Metrics reads its switch when its module loads, which the imports after
 * this one do, so `--metrics` is read here, ahead of them (local/powertools-env.ts keeps the lines off otherwise).
 */
if (process.argv.includes('--metrics')) process.env.POWERTOOLS_METRICS_DISABLED ??= 'false';
