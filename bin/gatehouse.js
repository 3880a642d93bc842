#!/usr/bin/env node
// The compiled CLI lives in dist/; `npm install` builds it through the prepare script.
import('../dist/src/cli/main.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND') {
    console.error(
      'Gatehouse is not built yet: run `npm install` (or `npm run build`) in the checkout first.',
    );
  } else {
    console.error(error);
  }
  process.exit(1);
});
