/** JSON Schemas for editors, generated from the same zod schemas the build validates with. */
import * as z from 'zod';
import { adsSchema, registrySchema, siteSchema } from './schemas.js';

/** File name (under content/schema/) -> JSON text of its schema. */
export function jsonSchemas(): Record<string, string> {
  const make = (schema: z.ZodType, title: string) => `${JSON.stringify({ title, ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) }, null, 2)}\n`;
  return {
    'site.schema.json': make(siteSchema, 'reactsite content/site.json'),
    'registry.schema.json': make(registrySchema, 'reactsite content/registry.json'),
    'ads.schema.json': make(adsSchema, 'reactsite content/ads.json'),
  };
}
