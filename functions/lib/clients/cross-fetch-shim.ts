/**
 * `cross-fetch` for the Lambda bundles: the platform's own fetch. graphql-request (under monday's SDK) imports
 * cross-fetch as its default fetch, whose Node build is node-fetch with whatwg-url (≈300 KB of a bundle); Node 20
 * has fetch, and the monday provider hands the SDK the guarded fetch anyway, so the default is never called.
 */
export default globalThis.fetch;
export const { Headers, Request, Response } = globalThis;
export const fetch = globalThis.fetch;
