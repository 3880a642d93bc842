import { writeFileSync } from 'node:fs';
import { apiReferenceMarkdown, errorsMarkdown } from './reference-docs.js';
import { openApiText } from './api-document.js';
import { CLIENT_MODULE, clientModuleText } from './typescript-client.js';

const docs = new URL('../../../docs/', import.meta.url);
writeFileSync(new URL('api-reference.md', docs), apiReferenceMarkdown());
writeFileSync(new URL('errors.md', docs), errorsMarkdown());
writeFileSync(new URL('openapi.json', docs), openApiText());
writeFileSync(CLIENT_MODULE, await clientModuleText());
console.log(
  'wrote docs/api-reference.md, docs/errors.md, docs/openapi.json and clients/typescript/src/operations.generated.ts',
);
