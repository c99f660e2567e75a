// The server's API docs page (/docs) is Swagger UI, served from the web build like everything
// else (no CDN): copy the files it needs from swagger-ui-dist into dist/swagger/.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const from = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const to = new URL("../dist/swagger/", import.meta.url).pathname;
mkdirSync(to, { recursive: true });
for (const file of ["swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png", "LICENSE", "NOTICE"]) {
  copyFileSync(join(from, file), join(to, file));
}
console.log(`Swagger UI copied to ${to}`);
