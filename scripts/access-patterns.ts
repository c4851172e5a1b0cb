/** Prints the access-pattern table with the key shapes ElectroDB builds (npm run access-patterns). */
import { accessPatterns, offlineService } from '#data/access-patterns';

const db = offlineService();
const keyOf = (params: Record<string, any>) => {
  const values = params.ExpressionAttributeValues ?? {};
  const names = params.ExpressionAttributeNames ?? {};
  const key = params.Key ?? params.Item ?? {};
  const parts = Object.entries(key)
    .filter(([k]) => /pk|sk/i.test(k))
    .map(([k, v]) => `${k}=${String(v)}`);
  const conditions = params.KeyConditionExpression
    ? [String(params.KeyConditionExpression).replace(/:\w+/g, (name) => JSON.stringify(values[name])).replace(/#\w+/g, (name) => names[name] ?? name)]
    : [];
  return [...parts, ...conditions].join(', ');
};

console.log('| pattern | index | operation | key | routes |\n|---|---|---|---|---|');
for (const pattern of accessPatterns) {
  const params = pattern.example(db);
  console.log(`| ${pattern.name} | ${pattern.index} | ${pattern.operation} | ${keyOf(params)} | ${pattern.routes.join(', ') || '(email consumer)'} |`);
}
