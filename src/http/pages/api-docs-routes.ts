import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyPluginCallback } from 'fastify';

/** swagger-ui-dist's files this page uses, served from the package: the page works offline. */
const SWAGGER_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gatehouse API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/reference.js"></script>
</body>
</html>
`;

// Same origin: "Try it out" calls this gateway, with the sandbox merchant's credentials typed in.
// The renderer fills a form's fields with sample values and sends every field, empty ones too; the
// API refuses an empty parameter (it is not the same as one left out). So the page starts a form's
// optional fields empty (an example the published document must not carry: it fits no schema),
// and the fields left empty are dropped before sending.
const INIT_SCRIPT = `function withoutEmptyFields(request) {
  var type = request.headers && (request.headers['Content-Type'] || request.headers['content-type']);
  if (typeof request.body === 'string' && type && type.indexOf('application/x-www-form-urlencoded') === 0) {
    var fields = new URLSearchParams(request.body);
    var kept = new URLSearchParams();
    fields.forEach(function (value, name) { if (value !== '') kept.append(name, value); });
    request.body = kept.toString();
  }
  return request;
}
function optionalFieldsEmpty(document) {
  Object.keys(document.paths).forEach(function (path) {
    var post = document.paths[path].post;
    var form = post && post.requestBody && post.requestBody.content['application/x-www-form-urlencoded'];
    if (!form) return;
    var required = form.schema.required || [];
    Object.keys(form.schema.properties).forEach(function (name) {
      var field = form.schema.properties[name];
      // A repeated field's example is its items' (the renderer reads an array's example as JSON).
      if (required.indexOf(name) < 0) (field.type === 'array' ? field.items : field).example = '';
    });
  });
  return document;
}
window.addEventListener('load', function () {
  fetch('/openapi.json').then(function (answer) { return answer.json(); }).then(function (document) {
    window.ui = SwaggerUIBundle({
      spec: optionalFieldsEmpty(document),
      dom_id: '#swagger-ui',
      deepLinking: true,
      tryItOutEnabled: true,
      requestInterceptor: withoutEmptyFields,
    });
  });
});
`;

const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // The renderer sets style attributes on its elements.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

// The package's files do not change while the process runs: read once (about 1.5 MB), not at
// every start of an app in the same process.
let swaggerFiles: Map<string, Buffer> | undefined;

function swaggerAssets(): Map<string, Buffer> {
  if (swaggerFiles !== undefined) return swaggerFiles;
  const require = createRequire(import.meta.url);
  const folder = join(require.resolve('swagger-ui-dist/package.json'), '..');
  swaggerFiles = new Map(Object.keys(SWAGGER_FILES).map((name) => [name, readFileSync(join(folder, name))]));
  return swaggerFiles;
}

/**
 * The API's OpenAPI 3.1 document at GET /openapi.json, and a reference page at GET /docs rendered
 * by Swagger UI from that document, its scripts and styles served by the gateway itself. The
 * document is handed in by the composition root: it is made from the operation tables (src/docs),
 * a floor above the HTTP layer. Registered without a prefix: the document's address is
 * /openapi.json, beside /docs rather than under it.
 */
export const apiDocs: FastifyPluginCallback<{ readonly document: string }> = (app, { document }, done) => {
  const assets = swaggerAssets();
  app.get('/openapi.json', async (_request, reply) => {
    await reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  app.get('/docs', async (_request, reply) => {
    await reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PAGE_POLICY)
      .header('cache-control', 'no-cache')
      .send(PAGE);
  });
  app.get('/docs/reference.js', async (_request, reply) => {
    await reply.type('text/javascript; charset=utf-8').send(INIT_SCRIPT);
  });
  for (const [name, type] of Object.entries(SWAGGER_FILES)) {
    app.get(`/docs/${name}`, async (_request, reply) => {
      await reply.type(type).header('cache-control', 'public, max-age=86400').send(assets.get(name));
    });
  }
  done();
};
