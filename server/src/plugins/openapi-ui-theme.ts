/**
 * What /api/docs adds to Swagger UI through @fastify/swagger-ui's `theme` option, so the page passes
 * axe-core (e2e/api-docs.test.ts) without changing Swagger UI itself:
 * - a style sheet: darker colours where Swagger UI's fail the 4.5:1 contrast (the method badges, the
 *   version pills, the Authorize, Cancel, Execute and Download buttons, a parameter's "query"/"path"), a focus ring
 *   on the request body (Swagger UI takes it off), and examples shown whole rather than in a box that
 *   scrolls (which the keyboard cannot reach);
 * - a script that adds roles and names to Swagger UI's markup as it draws it (attributes Swagger UI does not
 *   set again, so they stay): the title and description above its <main> become the page's banner; each
 *   response table (a region) is named for its operation ("Responses of GET /News"); the Authorize popup is
 *   a modal dialog named by its heading, with its close button named "Close", its buttons named by their
 *   text (Swagger UI's "Apply credentials" hides "Authorize") and its field by its label.
 *   Swagger UI moves the keyboard into the popup as it opens and closes it on Escape; the script puts the
 *   keyboard in it while it is open and back on the button that opened it once it closes (else it would be
 *   left on the page's body).
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
  function label(el, name) {
    if (el.getAttribute('aria-label') !== name) el.setAttribute('aria-label', name);
  }
  // Where the keyboard was before the dialog opened (its Authorize or lock button): back there once it closes.
  var opener = null;
  var wasOpen = false;
  root.addEventListener('focusin', function (event) {
    if (!event.target.closest('.modal-ux')) opener = event.target;
  });
  // A modal dialog keeps the keyboard: Tab from its last control goes to its first, Shift+Tab the other way.
  root.addEventListener('keydown', function (event) {
    var modal = event.key === 'Tab' && event.target.closest('.modal-ux');
    if (!modal) return;
    var controls = Array.prototype.filter.call(
      modal.querySelectorAll('button, input, select, textarea, a[href]'),
      function (el) { return !el.disabled && el.getClientRects().length > 0; }
    );
    var first = controls[0];
    var last = controls[controls.length - 1];
    if (event.shiftKey ? event.target === first : event.target === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  });
  function mend() {
    var info = root.querySelector('.information-container');
    if (info && !info.hasAttribute('role')) info.setAttribute('role', 'banner');
    // Each operation's response table is a region: named for its operation, so two open differ.
    root.querySelectorAll('table.responses-table[role="region"]').forEach(function (table) {
      var op = table.closest('.opblock');
      var method = op && op.querySelector('.opblock-summary-method');
      var path = op && op.querySelector('.opblock-summary-path');
      if (method && path) label(table, 'Responses of ' + method.textContent + ' ' + path.getAttribute('data-path'));
    });
    // The Authorize dialog: a modal dialog named by its heading, its close button named.
    root.querySelectorAll('.modal-ux').forEach(function (modal) {
      var heading = modal.querySelector('.modal-ux-header h3');
      if (heading && !heading.id) heading.id = 'authorize-dialog-title';
      if (modal.getAttribute('role') !== 'dialog') {
        modal.setAttribute('role', 'dialog');
        modal.setAttribute('aria-modal', 'true');
        if (heading) modal.setAttribute('aria-labelledby', heading.id);
      }
      var close = modal.querySelector('.close-modal');
      if (close) label(close, 'Close');
      // A button whose aria-label leaves out its text ("Apply credentials" on Authorize): named by its text.
      modal.querySelectorAll('button[aria-label]').forEach(function (button) {
        var text = button.textContent.trim();
        if (text && button.getAttribute('aria-label').toLowerCase().indexOf(text.toLowerCase()) < 0)
          button.removeAttribute('aria-label');
      });
      // A field with a label of its own ("Value:") named by it rather than by its id.
      modal.querySelectorAll('input[id][aria-label]').forEach(function (input) {
        if (input.getAttribute('aria-label') === input.id && modal.querySelector('label[for="' + input.id + '"]'))
          input.removeAttribute('aria-label');
      });
    });
  }
  function refocus() {
    var modal = root.querySelector('.modal-ux');
    if (wasOpen && !modal) {
      var active = document.activeElement;
      if ((!active || active === document.body) && opener && document.contains(opener)) opener.focus();
    }
    wasOpen = Boolean(modal);
  }
  mend();
  new MutationObserver(function () {
    mend();
    refocus();
  }).observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
})();
`;

/** The `theme` option of @fastify/swagger-ui (its files are served under /api/docs/static/theme/). */
export function openapiUiTheme(title: string) {
  return {
    title,
    css: [{ filename: 'accessible.css', content: css }],
    js: [{ filename: 'accessible.js', content: js }],
  };
}
