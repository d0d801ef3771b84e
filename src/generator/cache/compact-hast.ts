/**
 * A hast tree in a compact JSON form, for the Markdown packs every cold build writes: a text node is its string,
 * an element `[tagName, properties or 0, children, data?]`; any other node, or one with more fields than these,
 * stays an object (its children packed). A plain article's tree then takes about half the bytes of its JSON, and
 * what a build writes is what its page stage waits on.
 */
import type { Element, Root, RootContent } from 'hast';

type AnyNode = Root | RootContent;
/** A packed node: see the file comment. */
export type PackedNode = string | [tagName: string, properties: Element['properties'] | 0, children: PackedNode[], data?: Element['data']] | { [field: string]: unknown };

/** Whether every own field of `node` is one of `fields`. */
function onlyFields(node: object, fields: readonly string[]): boolean {
  for (const k in node) if (!fields.includes(k)) return false;
  return true;
}

const TEXT_FIELDS = ['type', 'value'];
const ELEMENT_FIELDS = ['type', 'tagName', 'properties', 'children', 'data'];

/** `node` packed (see the file comment); lossless for any hast tree. */
export function packHast(node: AnyNode): PackedNode {
  if (node.type === 'text' && onlyFields(node, TEXT_FIELDS)) return node.value;
  if (node.type === 'element' && onlyFields(node, ELEMENT_FIELDS)) {
    const props = Object.keys(node.properties).length ? node.properties : 0;
    const children = node.children.map(packHast);
    return node.data === undefined ? [node.tagName, props, children] : [node.tagName, props, children, node.data];
  }
  const out: { [field: string]: unknown } = { ...node };
  if ('children' in node) out.children = (node.children as AnyNode[]).map(packHast);
  return out;
}

/** The node `packed` stands for (the inverse of packHast). */
export function unpackHast(packed: PackedNode): AnyNode {
  if (typeof packed === 'string') return { type: 'text', value: packed };
  if (Array.isArray(packed)) {
    const [tagName, props, children, data] = packed;
    const el: Element = { type: 'element', tagName, properties: props || {}, children: children.map(unpackHast) as Element['children'] };
    if (data !== undefined) el.data = data;
    return el;
  }
  const node: { [field: string]: unknown } = { ...packed };
  if (Array.isArray(packed.children)) node.children = (packed.children as PackedNode[]).map(unpackHast);
  return node as unknown as AnyNode;
}
