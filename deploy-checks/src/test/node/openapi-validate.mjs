// Validates an OpenAPI document against the official OpenAPI 3.x JSON Schema (via @seriousme/openapi-schema-validator).
// Usage: node openapi-validate.mjs <file.json>. Prints the version and any errors; exits 1 when the document is invalid.
import { Validator } from "@seriousme/openapi-schema-validator";

const file = process.argv[2];
const validator = new Validator();
const result = await validator.validate(file);
console.log(JSON.stringify({ version: validator.version, valid: result.valid, errors: result.errors ?? null }));
process.exit(result.valid ? 0 : 1);
