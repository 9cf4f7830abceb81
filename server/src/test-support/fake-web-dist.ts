import fs from 'node:fs/promises';
import path from 'node:path';

export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <!--app-head--><title>The Daily Smear</title><!--/app-head-->
    <!--app-config-->
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A tiny built front end (index.html with the markers, one hashed asset, a favicon, an image). */
export async function writeFakeDist(dir: string): Promise<string> {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.mkdir(path.join(dir, 'images'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), FAKE_INDEX_HTML);
  await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");\n');
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(dir, 'images', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}
