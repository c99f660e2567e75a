// Fails the build when src/api/schema.d.ts was not regenerated from src/api/openapi.json
// (the server's schema snapshot; tests/web/test_api_types.py checks the snapshot against the server).
import { readFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

const spec = new URL("../src/api/openapi.json", import.meta.url);
const committed = readFileSync(new URL("../src/api/schema.d.ts", import.meta.url), "utf8");
const ast = await openapiTS(spec);
const fresh = astToString(ast);
const normalize = (text) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, "").trim();
if (normalize(fresh) !== normalize(committed)) {
  console.error("src/api/schema.d.ts is stale: run `npm run gen-types` (after scripts/dump_openapi.py).");
  process.exit(1);
}
console.log("API types match the OpenAPI snapshot.");
