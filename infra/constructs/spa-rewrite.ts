/**
 * CloudFront Function (viewer request, default behavior only) that serves the SPA shell for app routes:
 * a path whose last segment has no file extension becomes /index.html. It is not attached to /api/*, so an
 * API 404 stays a JSON 404, and a missing asset stays an error instead of HTML with status 200.
 * Plain ES5-style JS because it runs in the CloudFront Functions runtime; the infra test evaluates it.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  var isFile = /\\.[A-Za-z0-9]{1,8}$/.test(last) && last.indexOf('@') === -1;
  if (!isFile) request.uri = '/index.html';
  return request;
}`;
