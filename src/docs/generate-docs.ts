import { writeFileSync } from 'node:fs';
import { apiReferenceMarkdown, errorsMarkdown } from './reference-docs.js';

const docs = new URL('../../../docs/', import.meta.url);
writeFileSync(new URL('api-reference.md', docs), apiReferenceMarkdown());
writeFileSync(new URL('errors.md', docs), errorsMarkdown());
console.log('wrote docs/api-reference.md and docs/errors.md');
