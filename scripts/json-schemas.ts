// Writes content/schema/*.schema.json from the zod schemas (npm run schemas).
import fs from 'node:fs';
import { jsonSchemas } from '../src/generator/content/json-schemas.js';

fs.mkdirSync('content/schema', { recursive: true });
for (const [name, text] of Object.entries(jsonSchemas())) fs.writeFileSync(`content/schema/${name}`, text);
console.log('wrote content/schema/*.schema.json');
