// Exports a Proxy whose every property access throws.
export default new Proxy({}, { get() { throw new Error('proxy trap'); }, has() { throw new Error('proxy trap'); } });
