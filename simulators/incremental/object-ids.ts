/**
 * A number for an object, the same for as long as the object lives: what keeps results for a world or a
 * scenario names it in its keys by this number, not by its contents.
 */
const ids = new WeakMap<object, number>();
let next = 0;

export function objectId(object: object): number {
  let id = ids.get(object);
  if (id === undefined) {
    id = next++;
    ids.set(object, id);
  }
  return id;
}
