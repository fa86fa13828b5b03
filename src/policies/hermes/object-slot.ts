/**
 * A hidden per-object slot: a value attached to an object without changing what the object shows (its
 * keys, JSON, spread copies, equality), as a WeakMap would, but read like a property.
 *
 * How: a class whose base constructor returns the object it is given adds its private field to that
 * object ("return override"). Private fields are invisible to reflection, are not copied by `{...o}`
 * (a modified copy of a message never inherits the original's memo) and are reached through the same
 * inline caches as properties.
 *
 * Why not a WeakMap: messages the simulator has not frozen (conformance inputs, the port's own new
 * messages) carried their memos in WeakMaps, and on a fresh `compress()` of 300 messages the lookups and
 * the collector's ephemeron work were a third of the call (case-031: hermesMemo 24% self time,
 * collection 26%). A non-extensible object still goes to a WeakMap: the language is set to forbid
 * adding private fields to those, though V8 allows it today.
 */
export interface ObjectSlot<V> {
  get(o: object): V | undefined;
  set(o: object, v: V): void;
}

class ReturnsItsArgument {
  constructor(o: object) {
    return o;
  }
}

/** A new slot (each call makes its own private name, so slots never see each other's values). */
export function objectSlot<V>(): ObjectSlot<V> {
  const fallback = new WeakMap<object, V>();
  class Stamp extends ReturnsItsArgument {
    #v: V;
    constructor(o: object, v: V) {
      super(o);
      this.#v = v;
    }
    static get(o: object): V | undefined {
      return #v in o ? (o as Stamp).#v : fallback.get(o);
    }
    static set(o: object, v: V): void {
      if (#v in o) (o as Stamp).#v = v;
      else if (Object.isExtensible(o)) new Stamp(o, v);
      else fallback.set(o, v);
    }
  }
  return { get: Stamp.get, set: Stamp.set };
}
