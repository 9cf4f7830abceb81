/**
 * What /api/docs adds to Swagger UI through @fastify/swagger-ui's `theme` option, so the page passes
 * axe-core (e2e/api-docs.test.ts) without changing Swagger UI itself:
 * - a style sheet: darker colours where Swagger UI's fail the 4.5:1 contrast (the method badges, the
 *   version pills, the Authorize, Cancel, Execute and Download buttons, a parameter's "query"/"path"), a focus ring
 *   on the request body (Swagger UI takes it off), and examples shown whole rather than in a box that
 *   scrolls (which the keyboard cannot reach);
 * - a script: the title and description Swagger UI draws above its <main> become the page's banner
 *   (a role on that element, which Swagger UI leaves alone), so everything is inside a landmark.
 * What the options cannot reach (a few names and roles inside Swagger UI's own markup) is listed in the test.
 */

const css = `
.swagger-ui .opblock.opblock-get .opblock-summary-method,
.swagger-ui .opblock.opblock-post .opblock-summary-method,
.swagger-ui .opblock.opblock-put .opblock-summary-method,
.swagger-ui .opblock.opblock-patch .opblock-summary-method,
.swagger-ui .opblock.opblock-delete .opblock-summary-method {
  color: #111;
  text-shadow: none;
}
.swagger-ui .info .title small, .swagger-ui .download-contents { background: #55606e; }
.swagger-ui .info .title small.version-stamp { background: #3f6b00; }
.swagger-ui .info a, .swagger-ui .info .url { color: #1a66c2; }
.swagger-ui .btn.authorize { border-color: #137a4b; color: #137a4b; }
.swagger-ui .btn.authorize svg { color: #137a4b; fill: #137a4b; }
.swagger-ui .btn.cancel { border-color: #c81e1e; color: #c81e1e; }
.swagger-ui .btn.execute { background-color: #1a66c2; border-color: #1a66c2; }
.swagger-ui .parameter__in, .swagger-ui .parameter__extension { color: #595959; }
.swagger-ui .highlight-code > .microlight { max-height: none; overflow-y: visible; }
.swagger-ui textarea:focus { outline: 3px solid #1a66c2; outline-offset: 2px; }
`;

const js = `(function () {
  var root = document.getElementById('swagger-ui');
  if (!root) return;
  new MutationObserver(function () {
    var info = root.querySelector('.information-container');
    if (info && !info.hasAttribute('role')) info.setAttribute('role', 'banner');
  }).observe(root, { childList: true, subtree: true });
})();
`;

/** The `theme` option of @fastify/swagger-ui (its files are served under /api/docs/static/theme/). */
export function openapiUiTheme(title: string) {
  return {
    title,
    css: [{ filename: 'accessible.css', content: css }],
    js: [{ filename: 'landmarks.js', content: js }],
  };
}
