// Usage: node check.mjs <jmc1-file> <json-file> [<jmc1-file> <json-file> ...]
// Parses each JMC1 document with jsonc-parser (a standard JSONC parser: comments are opaque to it) and checks that it
// holds the same value as the JSON document. Exits non-zero with a message on the first difference.
import { readFileSync } from 'node:fs';
import { deepStrictEqual } from 'node:assert';
import { parse, printParseErrorCode } from 'jsonc-parser';

const files = process.argv.slice(2);
if (files.length === 0 || files.length % 2 !== 0) {
  console.error('usage: node check.mjs <jmc1-file> <json-file> ...');
  process.exit(2);
}

for (let i = 0; i < files.length; i += 2) {
  // The bytes inside a length comment need not be valid UTF-8: decode permissively (they stay inside the comment).
  const jmc = new TextDecoder('utf-8', { fatal: false }).decode(readFileSync(files[i]));
  const errors = [];
  const value = parse(jmc, errors, { disallowComments: false, allowTrailingComma: false });
  if (errors.length > 0) {
    console.error(`${files[i]}: ${errors.map(e => `${printParseErrorCode(e.error)} at ${e.offset}`).join(', ')}`);
    process.exit(1);
  }

  deepStrictEqual(value, JSON.parse(readFileSync(files[i + 1], 'utf8')), `${files[i]} differs from ${files[i + 1]}`);
}

console.log(`${files.length / 2} JMC1 documents read by jsonc-parser equal their JSON.`);
