import { writeFileSync } from 'node:fs';
import { apiReferenceMarkdown, errorsMarkdown } from './reference-docs.js';
import { openApiText } from './api-document.js';

const docs = new URL('../../../docs/', import.meta.url);
writeFileSync(new URL('api-reference.md', docs), apiReferenceMarkdown());
writeFileSync(new URL('errors.md', docs), errorsMarkdown());
writeFileSync(new URL('openapi.json', docs), openApiText());
console.log('wrote docs/api-reference.md, docs/errors.md and docs/openapi.json');
