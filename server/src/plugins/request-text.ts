import fp from 'fastify-plugin';
import { forbiddenCharacter, ValidationError } from '../domain/typebox-validation.ts';
import { sendErrorPage, wantsHtml } from '../rendering/error-page.ts';
import { isApiPath, requestPath } from './problem.ts';

/** A percent-escape of a C0 control character other than tab, line feed and carriage return. */
const ESCAPED_CONTROL = /%(?:0[0-8BbCcEeFf]|1[0-9A-Fa-f])|%EF%BF%B[EFef]/i;

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Query strings and paths of every request, whatever its route: a value holding a character no
 * text of the site may contain (NUL and the other C0 control characters but tab, line feed and
 * carriage return; see domain/typebox-validation.ts) is refused with a 400 naming the parameter,
 * before any route or page passes it to the database. Routes with a schema refuse the same
 * characters in bodies through the one request validator.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.raw.url ?? '';
      if (!ESCAPED_CONTROL.test(url)) return done();
      const path = requestPath(request);
      const q = url.indexOf('?');
      let error: ValidationError | undefined;
      const inPath = decoded(path);
      if (inPath !== undefined && forbiddenCharacter(inPath)) {
        error = new ValidationError(
          [{ field: '', message: `must not contain control characters (found ${forbiddenCharacter(inPath)})` }],
          'params',
        );
      } else if (q !== -1) {
        for (const pair of url.slice(q + 1).split('&')) {
          const eq = pair.indexOf('=');
          const name = decoded(eq === -1 ? pair : pair.slice(0, eq)) ?? '';
          const value = decoded(eq === -1 ? '' : pair.slice(eq + 1)) ?? '';
          const found = forbiddenCharacter(name) ?? forbiddenCharacter(value);
          if (found) {
            const field = forbiddenCharacter(name) ? '' : name;
            error = new ValidationError(
              [{ field, message: `must not contain control characters (found ${found})` }],
              'querystring',
            );
            break;
          }
        }
      }
      if (!error) return done();
      if (!isApiPath(path) && wantsHtml(request)) {
        sendErrorPage(reply, 400, 'The address of this page holds a control character, which no page has.');
        return;
      }
      done(error);
    });
  },
  { name: 'request-text', dependencies: ['problem'] },
);
